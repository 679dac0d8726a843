// A Scrabble position drawn as the board: premium squares, tiles (blanks in lower case), the rack
// of the side to move, the scores; a play (GCG notation) shown on it where selected. The board is
// the position's CGP with the moves after it laid on (or, for a GCG record, its plays).
import { el } from "./dom.js";

const SIZE = 15;
type Premium = "" | "tw" | "dw" | "tl" | "dl";

// The standard board's premium squares, by row and column from 0 (symmetric in all four ways).
const PREMIUM: Record<string, Premium> = {};
function mark(kind: Premium, squares: [number, number][]) {
  for (const [r, c] of squares) {
    for (const [rr, cc] of [[r, c], [c, r], [SIZE - 1 - r, c], [r, SIZE - 1 - c], [SIZE - 1 - r, SIZE - 1 - c],
      [c, SIZE - 1 - r], [SIZE - 1 - c, r], [SIZE - 1 - c, SIZE - 1 - r]]) PREMIUM[`${rr},${cc}`] = kind;
  }
}
mark("tw", [[0, 0], [0, 7]]);
mark("dw", [[1, 1], [2, 2], [3, 3], [4, 4], [7, 7]]);
mark("tl", [[1, 5], [5, 5]]);
mark("dl", [[0, 3], [2, 6], [3, 7], [6, 6]]);

export type Grid = string[][]; // "" for an empty square, else the tile (lower case: a blank)

export interface ScrabbleView {
  grid: Grid;
  rack: string;
  scores: string;
}

function emptyGrid(): Grid {
  return Array.from({ length: SIZE }, () => Array<string>(SIZE).fill(""));
}

// The CGP's board, rack and scores; null when the text is not a CGP.
export function parseCgp(text: string): ScrabbleView | null {
  const fields = text.trim().split(/\s+/);
  const rows = (fields[0] ?? "").split("/");
  if (rows.length !== SIZE) return null;
  const grid = emptyGrid();
  for (let r = 0; r < SIZE; ++r) {
    let c = 0;
    for (const m of rows[r].matchAll(/(\d+)|([A-Za-z?])/g)) {
      if (m[1] !== undefined) c += Number(m[1]);
      else if (c < SIZE) grid[r][c++] = m[2];
    }
  }
  return { grid, rack: (fields[1] ?? "").split("/")[0], scores: fields[2] ?? "" };
}

// The squares of a play "8D WORD" (across from row 8, column D) or "D8 WORD" (down); null for an
// exchange or a pass.
export function playSquares(move: string): { squares: [number, number][]; letters: string } | null {
  const m = /^\s*(?:(\d{1,2})([A-Oa-o])|([A-Oa-o])(\d{1,2}))\s+(\S+)\s*$/.exec(move);
  if (m === null) return null;
  const across = m[1] !== undefined;
  const row = Number(across ? m[1] : m[4]) - 1;
  const col = (across ? m[2] : m[3]).toUpperCase().charCodeAt(0) - 65;
  const letters = m[5].replace(/[().]/g, "");
  const squares: [number, number][] = [];
  for (let i = 0; i < letters.length; ++i) squares.push(across ? [row, col + i] : [row + i, col]);
  return { squares, letters };
}

// Lays a play's letters on the empty squares it covers; returns the squares newly covered.
export function lay(grid: Grid, move: string): [number, number][] {
  const play = playSquares(move);
  if (play === null) return [];
  const placed: [number, number][] = [];
  play.squares.forEach(([r, c], i) => {
    if (r < SIZE && c < SIZE && grid[r][c] === "") {
      grid[r][c] = play.letters[i];
      placed.push([r, c]);
    }
  });
  return placed;
}

// A GCG record's plays in order (a play withdrawn as a phony left out).
export function gcgPlays(text: string): string[] {
  const plays: string[] = [];
  for (const line of text.split("\n")) {
    const m = /^>[^:]*:\s*\S*\s+(\S+\s+\S+|--|-\S*)\s/.exec(`${line.trim()} `);
    if (m === null) continue;
    if (m[1] === "--") plays.pop();
    else plays.push(m[1]);
  }
  return plays;
}

// The board of a set-up position: its CGP (or an empty board for a GCG) with its moves laid on.
export function viewOf(notation: string, moves: string[]): ScrabbleView {
  const cgp = parseCgp(notation);
  const view = cgp ?? { grid: emptyGrid(), rack: "", scores: "" };
  for (const m of cgp === null ? [...gcgPlays(notation), ...moves] : moves) lay(view.grid, m);
  return view;
}

// The board as a table; `play` (optional) shown in its new squares.
export function drawBoard(box: HTMLElement, view: ScrabbleView, play = "") {
  const grid = view.grid.map((row) => [...row]);
  const shown = new Set(lay(grid, play).map(([r, c]) => `${r},${c}`));
  const rows: HTMLElement[] = [el("tr", {}, el("th", {}), ...Array.from({ length: SIZE }, (_, c) =>
    el("th", { text: String.fromCharCode(65 + c) })))];
  for (let r = 0; r < SIZE; ++r) {
    rows.push(el("tr", {}, el("th", { text: String(r + 1) }), ...grid[r].map((tile, c) => {
      const key = `${r},${c}`;
      const premium = PREMIUM[key] ?? "";
      const classes = ["sq", premium, tile !== "" ? "tile" : "", tile !== "" && tile === tile.toLowerCase() ? "blank" : "",
        shown.has(key) ? "new" : ""].filter((x) => x !== "").join(" ");
      return el("td", { class: classes, "data-square": key, text: tile !== "" ? tile.toUpperCase() : premium.toUpperCase() });
    })));
  }
  box.replaceChildren(el("table", { class: "scrabble-board" }, ...rows),
    el("div", { class: "scrabble-rack", text: view.rack !== "" ? `rack ${view.rack}` : "" }));
}
