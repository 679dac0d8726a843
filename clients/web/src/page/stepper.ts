// A game record stepped move by move: the position after its first k moves, for k from 0 to all
// of them. A record is a position and the moves after it; a GCG record's own plays are steps too
// (the record cut before the next play, with that play's rack given as `#rackN`, so that the
// position knows what its mover held).

export interface Line {
  notation: string;
  moves: string[];
}

interface GcgPlay {
  line: number; // its line in the record
  player: number; // 1 or 2
  rack: string;
}

// A GCG record's plays (exchanges and passes too; not the withdrawals of phonies, challenge
// bonuses, time penalties or the racks counted at the end), each with its line and mover.
export function gcgPlayLines(text: string): GcgPlay[] {
  const lines = text.split("\n");
  const nicks: string[] = [];
  const plays: GcgPlay[] = [];
  lines.forEach((raw, i) => {
    const line = raw.trim();
    const player = /^#player([12])\s+(\S+)/.exec(line);
    if (player !== null) nicks[Number(player[1])] = player[2];
    const event = /^>([^:]+):\s*(\S*)\s+(\S+)/.exec(line);
    if (event === null || event[3] === "--" || event[3].startsWith("(") || event[3].startsWith("+")) return;
    const seat = nicks.indexOf(event[1].trim());
    plays.push({ line: i, player: seat > 0 ? seat : plays.length % 2 + 1, rack: event[2] });
  });
  return plays;
}

function isGcg(notation: string): boolean {
  return /^\s*[#>]/.test(notation);
}

// How many steps the record has.
export function stepCount(record: Line): number {
  return (isGcg(record.notation) ? gcgPlayLines(record.notation).length : 0) + record.moves.length;
}

// The record after its first `k` moves.
export function stepTo(record: Line, k: number): Line {
  const plays = isGcg(record.notation) ? gcgPlayLines(record.notation) : [];
  if (k >= plays.length) return { notation: record.notation, moves: record.moves.slice(0, k - plays.length) };
  const next = plays[k];
  const before = record.notation.split("\n").slice(0, next.line).join("\n");
  return { notation: `${before}\n#rack${next.player} ${next.rack}\n`, moves: [] };
}
