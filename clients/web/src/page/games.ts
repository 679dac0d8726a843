// Every other game (tarok, Big Two, Scrabble, tic-tac-toe): a position in the game's notation,
// the seat's view, every legal move (a bid, a talon group, a card, a play) with its value, live.
import type { GameInfo, SearchReport, SetupPositionResponse } from "../gen/kibitzer/v1/kibitzer_pb.js";
import { kibitzer } from "./api.js";
import { $, clearErrors, el, input, showError } from "./dom.js";
import { reviewRows } from "./review.js";
import { drawBoard, viewOf } from "./scrabble.js";
import { SearchRunner, unitName } from "./search.js";

// The moves field: moves separated by commas (a Scrabble play holds a space: "8D WORD, H4 AX")
// or, where there is no comma, by spaces ("b2 b1 a1").
export function splitMoves(text: string): string[] {
  return text.split(text.includes(",") ? "," : /\s+/).map((m) => m.trim()).filter((m) => m !== "");
}
function joinMoves(moves: string[]): string {
  return moves.join(moves.some((m) => m.includes(" ")) ? ", " : " ");
}

export class GamesPanel {
  private readonly panel = $("tab-games");
  private games: GameInfo[] = [];
  private current: SetupPositionResponse | null = null;
  private values = new Map<string, string>();
  private readonly runner: SearchRunner;

  constructor() {
    $("game-select").addEventListener("change", () => this.pickGame());
    $("game-setup").addEventListener("click", () => void this.setup());
    $("game-analyze").addEventListener("click", () => void this.search("analyze"));
    $("game-best").addEventListener("click", () => void this.search("bestMove"));
    $("game-review").addEventListener("click", () => void this.review());
    $("game-hint").addEventListener("click", () => void this.hint());
    $("game-download").addEventListener("click", () => this.download());
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
    this.current = null;
    $("game-moves-list").replaceChildren();
    $("game-knowledge").replaceChildren();
    $("game-results").replaceChildren();
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

  async setup() {
    clearErrors(this.panel);
    try {
      this.current = await kibitzer.setupPosition({ position: this.position() });
      this.values = new Map();
      this.draw();
      await this.engineTurn();
    } catch (e) {
      showError(this.panel, e);
    }
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
    const best = await this.engineMove({ ...this.position(), seat: current.sideToMove });
    $("game-status").textContent = "";
    if (best === "") return;
    input("game-moves").value = joinMoves([...splitMoves(input("game-moves").value), best]);
    await this.setup();
  }

  // Scrabble: the board of the position, with `play` (a selected row's) laid on it.
  private drawBoard(play = "") {
    const box = $("scrabble-board");
    const position = this.current?.position;
    box.hidden = input("game-select").value !== "scrabble" || position === undefined;
    if (box.hidden || position === undefined) return;
    drawBoard(box, viewOf(position.notation, position.moves), play);
  }

  private draw() {
    const current = this.current;
    if (current === null) return;
    this.drawBoard();
    $("game-to-move").textContent = current.terminal ? `game over: ${current.outcome}` : `${current.sideToMove} to move`;
    $("game-knowledge").replaceChildren(
      ...(current.knowledge?.known ?? []).map((k) => el("li", { class: "known", text: k })),
      ...(current.knowledge?.hidden ?? []).map((h) => el("li", { class: "hidden", text: `hidden: ${h}` })));
    const buttons = current.legalMoves.map((move) => {
      const value = this.values.get(move);
      const button = el("button", { class: "move", "data-move": move, "data-value": value }, move,
        value === undefined ? "" : el("sup", { text: value }));
      button.addEventListener("click", () => {
        input("game-moves").value = joinMoves([...splitMoves(input("game-moves").value), move]);
        void this.setup();
      });
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
      seed: 1n,
    });
  }

  // Every move of the moves played, valued against the best at its point (the seat's own moves
  // from its view when a seat is chosen).
  private async review() {
    clearErrors(this.panel);
    const timeMs = Number(input("game-time").value) || 0;
    const samples = Number(input("game-samples").value) || 0;
    $("game-results").replaceChildren();
    await this.runner.run("review", {
      position: { source: { case: "position", value: this.position() } },
      limits: { timeMs: BigInt(timeMs), samples: BigInt(samples) },
      progressIntervalMs: 200,
      seed: 1n,
    });
  }

  // A row of plays that shows its play on the board when clicked.
  private selectable(row: HTMLElement, move: string): HTMLElement {
    row.addEventListener("click", () => this.drawBoard(move));
    return row;
  }

  private showReport(report: SearchReport) {
    if (report.reviewTotal > 0) {
      $("game-results").replaceChildren(...reviewRows(report));
      return;
    }
    this.values = new Map(report.moves.map((m) => [m.move, m.display]));
    this.draw();
    $("game-results").replaceChildren(
      el("tr", {}, ...["move", `value (${unitName(report.unit) || "see below"})`, "± s.e.", "samples"]
        .map((h) => el("th", { text: h }))),
      ...report.moves.map((m) => this.selectable(el("tr", { "data-move": m.move },
        el("td", { text: m.move }), el("td", { class: "num", text: m.display }),
        el("td", { class: "num", text: m.stdError > 0 ? m.stdError.toFixed(3) : "" }),
        el("td", { class: "num", text: m.samples > 0 ? String(m.samples) : "" })), m.move)));
  }
}
