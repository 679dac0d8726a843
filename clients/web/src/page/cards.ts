// Bridge notation on the page: PBN deals as hands, suit symbols, and a file's boards.
export const SEATS = ["N", "E", "S", "W"] as const;
export type Seat = (typeof SEATS)[number];
export const SUITS = ["S", "H", "D", "C"] as const;
export const SUIT_SYMBOL: Record<string, string> = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const SEAT_NAME: Record<Seat, string> = { N: "North", E: "East", S: "South", W: "West" };

// Each seat's cards as four strings of ranks (S, H, D, C), or null for a hand not given ('-').
export type Hands = Record<Seat, string[] | null>;

export function parseDeal(notation: string): Hands | null {
  const match = /^([NESW]):(.*)$/.exec(notation.trim());
  if (match === null) return null;
  const words = match[2].trim().split(/\s+/);
  if (words.length !== 4) return null;
  const first = SEATS.indexOf(match[1] as Seat);
  const hands = {} as Hands;
  words.forEach((word, i) => {
    const seat = SEATS[(first + i) % 4];
    hands[seat] = word === "-" ? null : word.toUpperCase().replace(/10/g, "T").split(".");
  });
  return Object.values(hands).every((h) => h === null || h.length === 4) ? hands : null;
}

// The hands without the given cards ("SA", "H7"), for the trick in progress.
export function withoutCards(hands: Hands, cards: string[]): Hands {
  const out = {} as Hands;
  for (const seat of SEATS) {
    const hand = hands[seat];
    out[seat] = hand === null ? null : hand.map((ranks, s) =>
      [...ranks].filter((r) => !cards.includes(`${SUITS[s]}${r}`)).join(""));
  }
  return out;
}

export function cardsOf(hand: string[]): string[] {
  return hand.flatMap((ranks, s) => [...ranks].map((r) => `${SUITS[s]}${r}`));
}

export function prettyCard(card: string): string {
  return `${SUIT_SYMBOL[card[0]] ?? card[0]}${card.slice(1).replace("T", "10")}`;
}

const RANK_NAME: Record<string, string> = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten" };
const SUIT_NAME: Record<string, string> = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };

// A card in words, for screen readers: "ace of spades", "10 of hearts".
export function cardName(card: string): string {
  const rank = card.slice(1);
  return `${RANK_NAME[rank] ?? rank} of ${SUIT_NAME[card[0]] ?? card[0]}`;
}

export function isRed(card: string): boolean {
  return card[0] === "H" || card[0] === "D";
}

export interface Board {
  title: string;
  text: string;
}

// A file's boards: PBN games (each starting at a tag after a blank line) or LIN records (a line
// each). One board when there is nothing to split.
export function splitBoards(text: string): Board[] {
  // PBN files often begin with "%" directive lines ("% PBN 2.1", "% EXPORT").
  const trimmed = text.trim().replace(/^(?:%[^\n]*(?:\n\s*|$))+/, "");
  if (trimmed.startsWith("[")) {
    const games = trimmed.split(/\n\s*\n(?=\s*\[)/).map((g) => g.trim()).filter((g) => /\[Deal\s/.test(g));
    return games.map((g, i) => {
      const board = /\[Board\s+"([^"]*)"\]/.exec(g)?.[1];
      return { title: board ? `Board ${board}` : `Game ${i + 1}`, text: g };
    });
  }
  const lines = trimmed.split("\n").map((l) => l.trim()).filter((l) => l !== "");
  if (lines.length > 1 && lines.every((l) => l.includes("md|"))) {
    return lines.map((l, i) => {
      const board = /ah\|Board (\d+)\|/.exec(l)?.[1];
      return { title: board ? `Board ${board}` : `Deal ${i + 1}`, text: l };
    });
  }
  return [{ title: "Deal", text: trimmed }];
}

// A record's text without its play (the PBN Play section, LIN's pc items): the deal before the
// opening lead.
export function withoutPlay(text: string): string {
  if (text.includes("md|")) return text.replace(/pc\|[^|]*\|/gi, "");
  return text.replace(/\[Play\s+"[^"]*"\][^\[]*/i, "");
}

export function hasPlay(text: string): boolean {
  return text.includes("md|") ? /pc\|/i.test(text) : /\[Play\s+"[NESW]"\]\s*\n\s*[^\s\[]/i.test(text);
}
