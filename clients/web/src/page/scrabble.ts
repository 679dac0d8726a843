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

export interface GcgPlay {
  line: number; // its line in the record
  player: number; // 1 or 2
  rack: string;
  move: string; // "8D WORD", "-ABC" (an exchange), "-" (a pass)
  withdrawn: boolean; // taken back as a phony by the next line ("--")
}

// A GCG record's plays in order (exchanges and passes too; not the withdrawals of phonies,
// challenge bonuses, time penalties or the racks counted at the end), each with its line and
// mover.
export function gcgPlayLines(text: string): GcgPlay[] {
  const nicks: string[] = [];
  const plays: GcgPlay[] = [];
  text.split("\n").forEach((raw, i) => {
    const line = raw.trim();
    const player = /^#player([12])\s+(\S+)/.exec(line);
    if (player !== null) nicks[Number(player[1])] = player[2];
    const event = /^>([^:]+):\s*(\S*)\s+(\S+)(?:\s+(\S+))?/.exec(line);
    if (event === null) return;
    const first = event[3];
    if (first === "--") {
      const last = plays.at(-1);
      if (last !== undefined) last.withdrawn = true;
      return;
    }
    if (first.startsWith("(") || first.startsWith("+")) return;
    const seat = nicks.indexOf(event[1].trim());
    plays.push({
      line: i, player: seat > 0 ? seat : plays.length % 2 + 1, rack: event[2],
      move: first.startsWith("-") ? first : `${first} ${event[4] ?? ""}`.trim(), withdrawn: false,
    });
  });
  return plays;
}

// A GCG record's plays in order (a play withdrawn as a phony left out).
export function gcgPlays(text: string): string[] {
  return gcgPlayLines(text).filter((p) => !p.withdrawn).map((p) => p.move);
}

// The board of a set-up position: its CGP (or an empty board for a GCG) with its moves laid on.
export function viewOf(notation: string, moves: string[]): ScrabbleView {
  const cgp = parseCgp(notation);
  const view = cgp ?? { grid: emptyGrid(), rack: "", scores: "" };
  for (const m of cgp === null ? [...gcgPlays(notation), ...moves] : moves) lay(view.grid, m);
  return view;
}

const PREMIUM_NAME: Record<Premium, string> = {
  "": "", tw: "triple word", dw: "double word", tl: "triple letter", dl: "double letter",
};

// A square's name for a screen reader: "8H: W (blank)", "1A: triple word", "8G: empty".
function squareLabel(r: number, c: number, tile: string, premium: Premium): string {
  const name = `${r + 1}${String.fromCharCode(65 + c)}`;
  if (tile !== "") return `${name}: ${tile.toUpperCase()}${tile === tile.toLowerCase() ? " (blank)" : ""}`;
  return `${name}: ${PREMIUM_NAME[premium] || "empty"}`;
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
      return el("td", { class: classes, "data-square": key, "aria-label": squareLabel(r, c, tile, premium),
        text: tile !== "" ? tile.toUpperCase() : premium.toUpperCase() });
    })));
  }
  box.replaceChildren(el("table", { class: "scrabble-board" }, ...rows),
    el("div", { class: "scrabble-rack", text: view.rack !== "" ? `rack ${view.rack}` : "" }));
}

// The CGP's board field for a grid: rows separated by "/", runs of empty squares as numbers.
export function formatCgpBoard(grid: Grid): string {
  return grid.map((row) => {
    let out = "";
    let empty = 0;
    for (const tile of row) {
      if (tile === "") {
        ++empty;
        continue;
      }
      out += `${empty > 0 ? empty : ""}${tile}`;
      empty = 0;
    }
    return out + (empty > 0 ? String(empty) : "");
  }).join("/");
}

// Typing on the board sets a CGP position up: a square selected (click, or the arrows), a letter
// lays a tile there ("?" then a letter a blank) and moves on across (or down: Space turns the
// way, as does a second click), Backspace takes back the tile before, Delete the one here. The
// position's CGP is rewritten as the board changes; `changed` is called after each change.
export class BoardEditor {
  private cursor: [number, number] = [7, 7];
  private down = false;
  private blankNext = false;

  constructor(private readonly box: HTMLElement, private readonly notation: HTMLTextAreaElement,
    private readonly changed: () => void) {
    box.addEventListener("click", (e) => this.click(e));
    box.addEventListener("keydown", (e) => this.key(e));
  }

  // Marks the squares of the board just drawn: the cursor's square focusable (and outlined).
  attach() {
    const editable = parseCgp(this.notation.value) !== null;
    this.box.dataset.editable = String(editable);
    for (const td of this.box.querySelectorAll<HTMLElement>("td.sq")) {
      const here = td.dataset.square === this.cursor.join(",");
      td.tabIndex = here ? 0 : -1;
      td.classList.toggle("cursor", editable && here);
      td.classList.toggle("down", editable && here && this.down);
    }
  }

  private square(target: EventTarget | null): [number, number] | null {
    const td = (target as HTMLElement | null)?.closest<HTMLElement>("td.sq");
    if (td === null || td === undefined) return null;
    const [r, c] = (td.dataset.square ?? "").split(",").map(Number);
    return [r, c];
  }

  private click(e: MouseEvent) {
    const at = this.square(e.target);
    if (at === null) return;
    if (at[0] === this.cursor[0] && at[1] === this.cursor[1]) this.down = !this.down;
    this.cursor = at;
    this.attach();
    this.focus();
  }

  private focus() {
    this.box.querySelector<HTMLElement>(`td.sq[data-square="${this.cursor.join(",")}"]`)?.focus();
  }

  private move(dr: number, dc: number) {
    this.cursor = [Math.max(0, Math.min(SIZE - 1, this.cursor[0] + dr)), Math.max(0, Math.min(SIZE - 1, this.cursor[1] + dc))];
  }

  private key(e: KeyboardEvent) {
    if (this.square(e.target) === null || e.ctrlKey || e.metaKey || e.altKey) return;
    const arrows: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const [dr, dc] = this.down ? [1, 0] : [0, 1];
    if (e.key in arrows) {
      this.move(...arrows[e.key]);
    } else if (e.key === " ") {
      this.down = !this.down;
    } else if (e.key === "?") {
      this.blankNext = true;
    } else if (/^[a-zA-Z]$/.test(e.key)) {
      this.set(this.blankNext ? e.key.toLowerCase() : e.key.toUpperCase());
      this.blankNext = false;
      this.move(dr, dc);
    } else if (e.key === "Backspace") {
      this.move(-dr, -dc);
      this.set("");
    } else if (e.key === "Delete") {
      this.set("");
    } else {
      return;
    }
    e.preventDefault();
    this.attach();
    this.focus();
  }

  // Lays `tile` ("" to clear) at the cursor in the notation's CGP.
  private set(tile: string) {
    const text = this.notation.value.trim();
    const view = parseCgp(text);
    if (view === null) return;
    view.grid[this.cursor[0]][this.cursor[1]] = tile;
    const rest = text.split(/\s+/).slice(1).join(" ");
    this.notation.value = `${formatCgpBoard(view.grid)} ${rest}`;
    this.changed();
  }
}
