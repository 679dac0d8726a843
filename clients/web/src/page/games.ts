// Every other game (tarok, Big Two, Scrabble, tic-tac-toe): a position in the game's notation,
// the seat's view, every legal move (a bid, a talon group, a card, a play) with its value, live.
import type { GameInfo, MoveValue, SearchReport, SetupPositionResponse } from "../gen/kibitzer/v1/kibitzer_pb.js";
import { kibitzer } from "./api.js";
import { $, clearErrors, el, input, showError } from "./dom.js";
import { optionControls, optionValues } from "./options.js";
import { reviewRows } from "./review.js";
import { BoardEditor, drawBoard, parseCgp, viewOf } from "./scrabble.js";
import { SearchRunner, unitName } from "./search.js";
import { type Line, stepCount, stepTo } from "./stepper.js";
import { drawTable } from "./table.js";

// The moves field: moves separated by commas (a Scrabble play holds a space: "8D WORD, H4 AX")
// or, where there is no comma, by spaces ("b2 b1 a1").
export function splitMoves(text: string): string[] {
  return text.split(text.includes(",") ? "," : /\s+/).map((m) => m.trim()).filter((m) => m !== "");
}
// A lone Scrabble play keeps a comma after it, so that it reads back as one move.
function joinMoves(moves: string[]): string {
  if (!moves.some((m) => m.includes(" "))) return moves.join(" ");
  return moves.length === 1 ? `${moves[0]},` : moves.join(", ");
}

// A figure as the table shows it: whole numbers plain, others to two places.
function figure(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toFixed(2);
}

// The extra columns of a results table: each metric the moves carry (NAME_se shown with NAME as
// "± s.e."), in the order the first move gives them.
function metricColumns(moves: MoveValue[]): string[] {
  const names: string[] = [];
  for (const m of moves) {
    for (const x of m.metrics) if (!x.name.endsWith("_se") && !names.includes(x.name)) names.push(x.name);
  }
  return names;
}

function metricCell(m: MoveValue, name: string): string {
  const value = m.metrics.find((x) => x.name === name);
  if (value === undefined) return "";
  const se = m.metrics.find((x) => x.name === `${name}_se`);
  return se !== undefined && se.value > 0 ? `${figure(value.value)} ± ${figure(se.value)}` : figure(value.value);
}

// A principal variation after its first move, cut to its first eight moves.
function lineText(m: MoveValue): string {
  const rest = m.pv.slice(1);
  return rest.length > 8 ? `${rest.slice(0, 8).join(" ")} …` : rest.join(" ");
}

export class GamesPanel {
  private readonly panel = $("tab-games");
  private games: GameInfo[] = [];
  private current: SetupPositionResponse | null = null;
  private values = new Map<string, string>();
  private readonly runner: SearchRunner;
  // The record being stepped through (null until a step button is pressed), and where it is.
  private record: Line | null = null;
  // The index among the moves of the last move made on the page by the seat chosen above.
  private myLastMove = -1;
  private busy = 0; // setups in flight
  private step = 0;
  private readonly editor: BoardEditor;

  constructor() {
    $("game-select").addEventListener("change", () => this.pickGame());
    $("game-setup").addEventListener("click", () => void this.setup());
    $("game-analyze").addEventListener("click", () => void this.search("analyze"));
    $("game-best").addEventListener("click", () => void this.search("bestMove"));
    $("game-review").addEventListener("click", () => void this.review());
    $("game-hint").addEventListener("click", () => void this.hint());
    $("game-last-move").addEventListener("click", () => void this.review(true));
    $("game-download").addEventListener("click", () => this.download());
    $("game-first").addEventListener("click", () => void this.stepBy(-Infinity));
    $("game-back").addEventListener("click", () => void this.stepBy(-1));
    $("game-forward").addEventListener("click", () => void this.stepBy(1));
    $("game-last").addEventListener("click", () => void this.stepBy(Infinity));
    for (const id of ["game-notation", "game-moves"]) {
      $(id).addEventListener("input", () => this.formEdited());
    }
    this.editor = new BoardEditor($("scrabble-board"), input("game-notation") as HTMLTextAreaElement,
      () => this.formEdited());
    this.runner = new SearchRunner({
      panel: this.panel,
      progress: $("game-progress") as HTMLProgressElement,
      status: $("game-status"),
      stop: $("game-stop") as HTMLButtonElement,
      show: (r) => this.showReport(r),
    });
  }

  setGames(games: GameInfo[]) {
    this.games = games.filter((g) => g.name !== "bridge");
    const select = input("game-select") as HTMLSelectElement;
    select.replaceChildren(...this.games.map((g) => el("option", { value: g.name, text: g.displayName })));
    this.pickGame();
  }

  private game(): GameInfo | undefined {
    return this.games.find((g) => g.name === input("game-select").value);
  }

  private pickGame() {
    const game = this.game();
    if (game === undefined) return;
    input("game-notation").value = game.examplePosition;
    input("game-moves").value = "";
    const seat = input("game-seat") as HTMLSelectElement;
    seat.replaceChildren(el("option", { value: "", text: "everything (full layout)" }),
      ...game.seats.map((s) => el("option", { value: s, text: s })));
    $("game-notation-help").textContent = game.positionNotation;
    $("game-value-help").textContent = game.valueDescription;
    $("game-options").replaceChildren(...optionControls(game.searchOptions, "game-option"));
    this.current = null;
    this.record = null;
    this.myLastMove = -1;
    this.showStep();
    $("game-moves-list").replaceChildren();
    $("game-knowledge").replaceChildren();
    $("game-results").replaceChildren();
    this.clearTable();
    this.drawBoard();
  }

  private position() {
    return {
      game: input("game-select").value,
      notation: input("game-notation").value,
      moves: splitMoves(input("game-moves").value),
      seat: input("game-seat").value,
    };
  }

  // The search options set on the form (those away from the game's defaults).
  private options(): Record<string, string> {
    return optionValues($("game-options"), this.game()?.searchOptions ?? []);
  }

  // Steps through the record (the position and moves on the form when stepping starts): by
  // `delta` moves, to the first or the last with -Infinity or Infinity.
  private async stepBy(delta: number) {
    if (this.record === null) {
      this.record = { notation: input("game-notation").value, moves: splitMoves(input("game-moves").value) };
      this.step = stepCount(this.record);
    }
    const k = Math.max(0, Math.min(stepCount(this.record), this.step + delta));
    const at = stepTo(this.record, k);
    this.step = k;
    input("game-notation").value = at.notation;
    input("game-moves").value = joinMoves(at.moves);
    this.showStep();
    await this.setup(false);
  }

  private showStep() {
    const record = this.record;
    $("game-step").textContent = record === null ? "" : `move ${this.step} of ${stepCount(record)}`;
  }

  // Sets the form's position up; `engine`: and lets the engine answer when playing against it.
  async setup(engine = true) {
    clearErrors(this.panel);
    // Busy (data-busy on the panel) until this setup and the engine's answers after it are done.
    this.panel.dataset.busy = String(++this.busy > 0);
    try {
      await this.dealTheBag();
      this.current = await kibitzer.setupPosition({ position: this.position() });
      this.values = new Map();
      $("game-results").replaceChildren();
      $("game-hint-text").textContent = "";
      this.draw();
      if (engine) await this.engineTurn();
    } catch (e) {
      this.current = null;
      this.values = new Map();
      $("game-moves-list").replaceChildren();
      $("game-results").replaceChildren();
      this.clearTable();
      showError(this.panel, e);
    } finally {
      this.panel.dataset.busy = String(--this.busy > 0);
    }
  }

  // Playing Scrabble against the engine from a CGP whose bag is not given: the bag (and any rack
  // left out) dealt once (Deal), so that every draw of the game is known and the game is a record.
  private async dealTheBag() {
    const notation = input("game-notation").value.trim();
    if (!(input("game-vs-engine") as HTMLInputElement).checked || input("game-select").value !== "scrabble" ||
      parseCgp(notation) === null || /(^|;)\s*bag\s/.test(notation) || splitMoves(input("game-moves").value).length > 0) return;
    const dealt = await kibitzer.deal({
      position: { source: { case: "position", value: { game: "scrabble", notation } } },
      count: 1,
      seed: BigInt(Date.now() % 1_000_000),
    });
    const layout = dealt.layouts[0];
    if (layout !== undefined) input("game-notation").value = layout.notation;
  }

  // The engine's move for the side to move, from its own view (the time and samples above),
  // marked among the legal moves.
  private async hint() {
    const current = this.current;
    if (current === null || current.terminal) return;
    clearErrors(this.panel);
    try {
      const best = await this.engineMove({ ...this.position(), seat: current.sideToMove });
      $("game-hint-text").textContent = best === "" ? "" : `hint: ${best}`;
      for (const b of document.querySelectorAll<HTMLElement>("#game-moves-list button.move")) {
        b.classList.toggle("hint", b.dataset.move === best);
      }
    } catch (e) {
      showError(this.panel, e);
    }
  }

  // The game so far as a file: the record the server writes (Scrabble: GCG), else the position
  // and its moves as JSON (what the page and kibitz take back).
  private download() {
    const current = this.current;
    if (current === null) return;
    const position = this.position();
    const [body, name] = current.record !== ""
      ? [current.record, "game.gcg"]
      : [JSON.stringify({ game: position.game, notation: position.notation, moves: position.moves }, null, 1),
        `${position.game}.json`];
    const link = el("a", { href: URL.createObjectURL(new Blob([body], { type: "text/plain" })), download: name });
    link.click();
    URL.revokeObjectURL(link.href);
  }

  // BestMove for `position` (its seat the mover's), within the time and samples above.
  private async engineMove(position: ReturnType<GamesPanel["position"]>): Promise<string> {
    const timeMs = Number(input("game-time").value) || 1000;
    const samples = Number(input("game-samples").value) || 0;
    let best = "";
    for await (const report of kibitzer.bestMove({
      position: { source: { case: "position", value: position } },
      limits: { timeMs: BigInt(timeMs), samples: BigInt(samples) },
      options: this.options(),
      seed: BigInt(position.moves.length + 1),
    })) {
      if (report.final) best = report.bestMove;
    }
    return best;
  }

  // Playing against the engine: while a seat other than the person's is to move, the engine
  // moves for it from that seat's view (BestMove, the time limit above), then the page sets up.
  private async engineTurn() {
    const current = this.current;
    if (!(input("game-vs-engine") as HTMLInputElement).checked || current === null || current.terminal) return;
    const mine = input("game-seat").value;
    if (mine === "") {
      showError(this.panel, new Error("Play against the engine: choose your seat first"));
      return;
    }
    if (current.sideToMove === mine) return;
    $("game-status").textContent = `seat ${current.sideToMove} is thinking…`;
    let best = "";
    try {
      best = await this.engineMove({ ...this.position(), seat: current.sideToMove });
    } finally {
      $("game-status").textContent = "";
    }
    if (best === "") return;
    input("game-moves").value = joinMoves([...splitMoves(input("game-moves").value), best]);
    await this.setup();
  }

  // Scrabble: the board of the position set up (else of the form's), with `play` (a selected
  // row's) laid on it.
  private drawBoard(play = "") {
    const box = $("scrabble-board");
    box.hidden = input("game-select").value !== "scrabble";
    if (box.hidden) return;
    const position = this.current?.position ?? this.position();
    drawBoard(box, viewOf(position.notation, position.moves), play);
    this.editor.attach();
  }

  // The position or moves typed (on the form or the board): what was shown of the position set
  // up before is gone, and the form's position is drawn until it is set up.
  private formEdited() {
    this.current = null;
    this.myLastMove = -1;
    this.record = null;
    this.values = new Map();
    this.showStep();
    $("game-moves-list").replaceChildren();
    $("game-results").replaceChildren();
    $("game-to-move").textContent = "the position changed: Set up to see its moves";
    this.drawBoard();
  }

  private clearTable() {
    drawTable($("game-table"), undefined, { sideToMove: "", legal: [], values: new Map(), play: () => {} });
  }

  // A move played on the page: added to the moves, and the position set up again.
  private play(move: string) {
    // A move played from a stepped-back record starts a new line from there.
    this.record = null;
    this.showStep();
    const moves = splitMoves(input("game-moves").value);
    if (this.current !== null && this.current.sideToMove === input("game-seat").value) this.myLastMove = moves.length;
    input("game-moves").value = joinMoves([...moves, move]);
    void this.setup();
  }

  private draw() {
    const current = this.current;
    if (current === null) return;
    this.drawBoard();
    drawTable($("game-table"), current.table, {
      sideToMove: current.sideToMove, legal: current.legalMoves, values: this.values, play: (m) => this.play(m),
    });
    $("game-to-move").textContent = current.terminal ? `game over: ${current.outcome}` : `${current.sideToMove} to move`;
    $("game-knowledge").replaceChildren(
      ...(current.knowledge?.known ?? []).map((k) => el("li", { class: "known", text: k })),
      ...(current.knowledge?.hidden ?? []).map((h) => el("li", { class: "hidden", text: `hidden: ${h}` })));
    const buttons = current.legalMoves.map((move) => {
      const value = this.values.get(move);
      const button = el("button", { class: "move", "data-move": move, "data-value": value }, move,
        value === undefined ? "" : el("sup", { text: value }));
      button.setAttribute("aria-label", value === undefined ? `play ${move}` : `play ${move}, value ${value}`);
      button.addEventListener("click", () => this.play(move));
      return button;
    });
    // Hundreds of Scrabble plays: folded away (the analysis ranks them), unless valued already.
    if (buttons.length > 60) {
      const folded = el("details", {}, el("summary", { text: `${buttons.length} legal moves` }), ...buttons);
      if (this.values.size > 0) folded.open = true;
      $("game-moves-list").replaceChildren(folded);
    } else {
      $("game-moves-list").replaceChildren(...buttons);
    }
  }

  private async search(kind: "analyze" | "bestMove") {
    clearErrors(this.panel);
    const timeMs = Number(input("game-time").value) || 0;
    const samples = Number(input("game-samples").value) || 0;
    $("game-results").replaceChildren();
    await this.runner.run(kind, {
      position: { source: { case: "position", value: this.position() } },
      limits: { timeMs: BigInt(timeMs), samples: BigInt(samples) },
      progressIntervalMs: 200,
      options: this.options(),
      seed: 1n,
    });
  }

  // Every move of the moves played, valued against the best at its point (the seat's own moves
  // from its view when a seat is chosen); `last`: the seat's last move only.
  private async review(last = false) {
    clearErrors(this.panel);
    let fromMove = 0;
    if (last) {
      const seat = input("game-seat").value;
      if (seat === "" || this.myLastMove < 0) {
        showError(this.panel, new Error(seat === "" ? "Analyse my last move: choose your seat first"
          : `seat ${seat} has made no move here yet`));
        return;
      }
      fromMove = this.myLastMove;
    }
    const timeMs = Number(input("game-time").value) || 0;
    const samples = Number(input("game-samples").value) || 0;
    $("game-results").replaceChildren();
    await this.runner.run("review", {
      fromMove,
      position: { source: { case: "position", value: this.position() } },
      limits: { timeMs: BigInt(timeMs), samples: BigInt(samples) },
      progressIntervalMs: 200,
      options: this.options(),
      seed: 1n,
    });
  }

  // A row of plays that shows its play on the board when clicked.
  private selectable(row: HTMLElement, move: string): HTMLElement {
    row.addEventListener("click", () => this.drawBoard(move));
    row.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") this.drawBoard(move);
    });
    return row;
  }

  private showReport(report: SearchReport) {
    if (report.reviewTotal > 0) {
      $("game-results").replaceChildren(...reviewRows(report));
      return;
    }
    this.values = new Map(report.moves.map((m) => [m.move, m.display]));
    this.draw();
    // The value, then each metric (Scrabble: score, leave, equity, win % ...), the samples and
    // the line where a search has one (an endgame's).
    const metrics = metricColumns(report.moves);
    const line = report.moves.some((m) => m.pv.length > 1);
    const header = ["move", `value (${unitName(report.unit) || "see below"})`, "± s.e.", ...metrics, "samples",
      ...(line ? ["line"] : [])];
    $("game-results").replaceChildren(
      el("tr", {}, ...header.map((h) => el("th", { text: h }))),
      ...report.moves.map((m) => this.selectable(el("tr", { "data-move": m.move, tabindex: "0" },
        el("td", { text: m.move }), el("td", { class: "num", text: m.display }),
        el("td", { class: "num", text: m.stdError > 0 ? m.stdError.toFixed(3) : "" }),
        ...metrics.map((name) => el("td", { class: "num", "data-metric": name, text: metricCell(m, name) })),
        el("td", { class: "num", text: m.samples > 0 ? String(m.samples) : "" }),
        ...(line ? [el("td", { class: "mono", text: lineText(m) })] : [])), m.move)));
  }
}
