// A game record stepped move by move: the position after its first k moves, for k from 0 to all
// of them. A record is a position and the moves after it; a GCG record's own plays are steps too
// (the record cut before the next play, with that play's rack given as `#rackN`, so that the
// position knows what its mover held).
import { gcgPlayLines } from "./scrabble.js";

export interface Line {
  notation: string;
  moves: string[];
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
