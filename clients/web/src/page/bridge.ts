// The bridge panel: a deal as BBO's hand viewer shows it, every legal card with its double-dummy
// value, play and undo, a played record stepped through with each card's cost, the table and par,
// and a seat's view analysed by Monte Carlo, live.
import { create } from "@bufbuild/protobuf";

import {
  type DoubleDummyTable,
  type Position,
  PositionSchema,
  type SearchReport,
  type SetupPositionResponse,
} from "../gen/kibitzer/v1/kibitzer_pb.js";
import { bridge, kibitzer } from "./api.js";
import {
  type Board, type Hands, SEAT_NAME, SEATS, type Seat, SUIT_SYMBOL, SUITS, cardName, cardsOf, hasPlay, isRed,
  parseDeal, prettyCard, splitBoards, withoutCards, withoutPlay,
} from "./cards.js";
import { $, clearErrors, el, input, showError } from "./dom.js";
import { reviewRows } from "./review.js";
import { SearchRunner } from "./search.js";

interface Played {
  card: string;
  seat: string;
  cost: number | null; // tricks the card gave away for its side; null when not known
  better: string[]; // where it cost tricks: the cards that would have kept them
}

const RANKS = "23456789TJQKA";

// The seat that wins a trick of four cards led by `leader` (seats in order from it).
export function trickWinner(cards: string[], leader: number, trump: string): number {
  let best = 0;
  const beats = (a: string, b: string) =>
    a[0] === b[0] ? RANKS.indexOf(a[1]) > RANKS.indexOf(b[1]) : a[0] === trump;
  for (let i = 1; i < cards.length; ++i) if (beats(cards[i], cards[best])) best = i;
  return (leader + best) % 4;
}

const STRAIN_ROWS: [string, number][] = [["NT", 4], ["♠", 0], ["♥", 1], ["♦", 2], ["♣", 3]];
const VULNERABLE: Record<string, string> = { None: "none vulnerable", NS: "N-S vulnerable", EW: "E-W vulnerable", All: "all vulnerable" };

export class BridgePanel {
  private readonly panel = $("tab-bridge");
  private boards: Board[] = [];
  private start: Position | null = null; // the deal where stepping starts
  private played: Played[] = [];
  private auction: { dealer: string; calls: string[] } | null = null;
  private cursor = 0; // cards of `played` on the table
  private current: SetupPositionResponse | null = null;
  private values = new Map<string, number>(); // legal card -> double-dummy tricks
  private busy = 0; // refreshes in flight
  private generation = 0; // answers for an older position are dropped
  private board = 0; // the table of an older board is dropped
  private readonly runner: SearchRunner;

  constructor() {
    $("bridge-load").addEventListener("click", () => void this.loadText(input("bridge-input").value));
    $("board-picker").addEventListener("change", () => void this.loadBoard(Number(input("board-picker").value)));
    $("bridge-file").addEventListener("change", (e) => void this.readFile((e.target as HTMLInputElement).files?.[0]));
    const dropZone = input("bridge-input");
    dropZone.addEventListener("dragover", (e) => e.preventDefault());
    dropZone.addEventListener("drop", (e) => {
      e.preventDefault();
      void this.readFile((e as DragEvent).dataTransfer?.files[0]);
    });
    $("undo").addEventListener("click", () => void this.moveCursor(this.cursor - 1));
    $("step-back").addEventListener("click", () => void this.moveCursor(this.cursor - 1));
    $("step-forward").addEventListener("click", () => void this.moveCursor(this.cursor + 1));
    $("step-start").addEventListener("click", () => void this.moveCursor(0));
    $("mc-start").addEventListener("click", () => void this.analyzeSeat());
    $("mc-review").addEventListener("click", () => void this.reviewSeat());
    $("mc-last").addEventListener("click", () => void this.reviewSeat(true));
    $("bridge-hint").addEventListener("click", () => void this.hint());
    for (const id of ["student-view", "view-seat"]) $(id).addEventListener("change", () => this.draw());
    $("reveal").addEventListener("click", () => {
      (input("student-view") as HTMLInputElement).checked = false;
      this.draw();
    });
    this.runner = new SearchRunner({
      panel: this.panel,
      progress: $("mc-progress") as HTMLProgressElement,
      status: $("mc-status"),
      stop: $("mc-stop") as HTMLButtonElement,
      show: (r) => this.showSeatReport(r),
    });
  }

  private async readFile(file: File | undefined) {
    if (file === undefined) return;
    const text = await file.text();
    input("bridge-input").value = text;
    await this.loadText(text);
  }

  async loadText(text: string) {
    clearErrors(this.panel);
    this.boards = splitBoards(text);
    const picker = input("board-picker") as HTMLSelectElement;
    picker.replaceChildren(...this.boards.map((b, i) => el("option", { value: String(i), text: b.title })));
    picker.hidden = this.boards.length < 2;
    await this.loadBoard(0);
  }

  private async loadBoard(index: number) {
    clearErrors(this.panel);
    this.clearBoard();  // nothing of the last board shows while this one loads
    const text = this.withAuction(this.boards[index]?.text ?? "");
    const generation = ++this.generation;
    try {
      // The record as given (checked as a whole), then the deal before its first card. A plain
      // deal takes its contract and declarer from the page.
      const contract = input("deal-contract").value.trim();
      const options: Record<string, string> =
        contract !== "" && !isRecord(text) ? { contract, declarer: input("deal-declarer").value } : {};
      const whole = await kibitzer.setupPosition({ position: { game: "bridge", notation: text, options } });
      const record = hasPlay(text);
      const start = record
        ? (await kibitzer.setupPosition({ position: { game: "bridge", notation: withoutPlay(text), options } })).position
        : whole.position;
      let played: Played[] = [];
      let auction: { dealer: string; calls: string[] } | null = null;
      if (record || hasAuction(text)) {
        const play = await bridge.analyzePlay({ record: text });
        played = play.cards.map((c) => ({ card: c.card, seat: c.seat, cost: c.cost, better: [] }));
        if (play.auction.length > 0) auction = { dealer: play.dealer || "N", calls: play.auction };
        if (start !== undefined) await this.findBetter(start, played);
      }
      if (generation !== this.generation || start === undefined) return;
      this.start = start;
      this.played = played;
      this.auction = auction;
      this.drawAuction();
      this.cursor = 0;
      $("mc-results").replaceChildren();  // another deal's analysis
      $("mc-status").textContent = "";
      $("board-info").textContent = describeBoard(start);
      const objective = input("objective") as HTMLSelectElement;
      objective.value = start.options.contract ? "make" : "tricks";
      void this.loadTable(record ? withoutPlay(text) : text, ++this.board);
      await this.refresh();
    } catch (e) {
      if (generation !== this.generation) return;
      this.clearBoard();  // the previous deal's results must not read as this one's
      showError(this.panel, e);
    }
  }

  // A plain deal with an auction entered in the loader: the PBN game of both (the auction sets
  // the contract and declarer); anything else as it is.
  private withAuction(text: string): string {
    const calls = input("deal-auction").value.trim();
    if (calls === "" || isRecord(text) || text.trim() === "") return text;
    const dealer = input("deal-dealer").value;
    return `[Deal "${text.trim()}"]\n[Dealer "${dealer}"]\n[Auction "${dealer}"]\n${calls}\n`;
  }

  // For each card that cost tricks: the cards that would have kept them (the best double-dummy
  // values of the position before it), all such positions solved in one call.
  private async findBetter(start: Position, played: Played[]) {
    const costly = played.map((p, i) => (p.cost !== null && p.cost > 0 ? i : -1)).filter((i) => i >= 0);
    if (costly.length === 0) return;
    const positions = costly.map((i) => create(PositionSchema, {
      game: "bridge", notation: start.notation, options: { ...start.options },
      moves: [...start.moves, ...played.slice(0, i).map((p) => p.card)],
    }));
    const answer = await bridge.solveBoards({ positions });
    answer.boards.forEach((b, k) => {
      const top = Math.max(...b.cards.map((c) => c.tricks));
      played[costly[k]].better = b.cards.filter((c) => c.tricks === top).map((c) => c.card);
    });
  }

  private drawAuction() {
    const box = $("auction");
    if (this.auction === null) {
      box.replaceChildren();
      return;
    }
    // Columns W N E S as books print them; the dealer's call in its column.
    const order = ["W", "N", "E", "S"];
    const cells: HTMLElement[] = [];
    for (let i = 0; i < order.indexOf(this.auction.dealer); ++i) cells.push(el("td", {}));
    for (const call of this.auction.calls) {
      const pretty = call.replace(/^(\d)([SHDC])/, (_m, l: string, s: string) => l + SUIT_SYMBOL[s]).replace(/NT$/, "NT");
      cells.push(el("td", { class: /[HD]$/.test(call) ? "red call" : "call", text: pretty }));
    }
    const rows: HTMLElement[] = [el("tr", {}, ...order.map((s) => el("th", { text: s })))];
    for (let i = 0; i < cells.length; i += 4) rows.push(el("tr", {}, ...cells.slice(i, i + 4)));
    box.replaceChildren(el("caption", { text: "Auction" }), ...rows);
  }

  // Nothing on the table: after a load that failed.
  private clearBoard() {
    this.start = null;
    this.auction = null;
    $("auction").replaceChildren();
    this.current = null;
    this.played = [];
    this.cursor = 0;
    this.values = new Map();
    this.board++;  // a table still coming for the old deal is dropped
    for (const seat of SEATS) $(`hand-${seat}`).replaceChildren();
    for (const id of ["trick", "play-record", "dd-table", "mc-results"]) $(id).replaceChildren();
    for (const id of ["board-info", "to-move", "par"]) $(id).textContent = "";
  }

  private async loadTable(deal: string, board: number) {
    const box = $("dd-table");
    box.replaceChildren();
    $("par").textContent = "";
    const hands = this.start ? parseDeal(this.start.notation) : null;
    if (hands === null || SEATS.some((s) => hands[s] === null || cardsOf(hands[s]!).length !== 13)) return;
    try {
      const response = await bridge.solveTables({ deals: [deal] });
      if (board === this.board && response.tables.length === 1) drawTable(response.tables[0]);
    } catch (e) {
      showError(this.panel, e);
    }
  }

  private position(): Position {
    const start = this.start!;
    return create(PositionSchema, {
      game: "bridge",
      notation: start.notation,
      moves: [...start.moves, ...this.played.slice(0, this.cursor).map((p) => p.card)],
      options: { ...start.options },
    });
  }

  private async moveCursor(cursor: number) {
    if (this.start === null) return;
    this.cursor = Math.max(0, Math.min(this.played.length, cursor));
    await this.refresh();
  }

  private async play(card: string) {
    if (this.current === null) return;
    const best = Math.max(...this.values.values());
    const value = this.values.get(card);
    const cost = value === undefined || !Number.isFinite(best) ? null : best - value;
    const better = cost !== null && cost > 0 ? [...this.values].filter(([, v]) => v === best).map(([c]) => c) : [];
    this.played = [...this.played.slice(0, this.cursor), { card, seat: this.current.sideToMove, cost, better }];
    await this.moveCursor(this.cursor + 1);
  }

  private async refresh() {
    clearErrors(this.panel);
    const generation = ++this.generation;
    const position = this.position();
    // Busy (data-busy on the panel) until this position and the engine's cards after it are done.
    this.panel.dataset.busy = String(++this.busy > 0);
    try {
      const current = await kibitzer.setupPosition({ position });
      if (generation !== this.generation) return;
      this.current = current;
      this.values = new Map();
      this.draw();
      const known = parseDeal(current.position?.notation ?? "");
      if (!current.terminal && known !== null && SEATS.every((s) => known[s] !== null)) {
        const boards = await bridge.solveBoards({ positions: [position] });
        if (generation !== this.generation) return;
        for (const c of boards.boards[0]?.cards ?? []) this.values.set(c.card, c.tricks);
        this.draw();
      }
      await this.engineTurn(generation);
    } catch (e) {
      if (generation === this.generation) showError(this.panel, e);
    } finally {
      this.panel.dataset.busy = String(--this.busy > 0);
    }
  }

  // Playing against the engine: while a seat the person does not hold is to play, the engine
  // plays it from that seat's view (declarer's for dummy): Monte Carlo over what it cannot see.
  private async engineTurn(generation: number) {
    const current = this.current;
    if (!(input("bridge-vs-engine") as HTMLInputElement).checked || current === null || current.terminal) return;
    const mine = input("view-seat").value as Seat;
    const chooser = this.chooser(current.sideToMove as Seat);
    if (chooser === mine) return;
    const status = $("engine-status");
    status.textContent = `${SEAT_NAME[chooser]} is thinking…`;
    const best = await this.engineCard(chooser);
    status.textContent = "";
    if (generation !== this.generation || best === "") return;
    await this.play(best);
  }

  // BestMove for the seat to play from `chooser`'s view, within the samples above.
  private async engineCard(chooser: Seat): Promise<string> {
    const position = this.position();
    position.seat = chooser;
    let best = "";
    for await (const report of kibitzer.bestMove({
      position: { source: { case: "position", value: position } },
      limits: { samples: BigInt(Number(input("samples").value) || 100), timeMs: 3000n },
      seed: BigInt(this.cursor + 1),
    })) {
      if (report.final) best = report.bestMove;
    }
    return best;
  }

  private draw() {
    const current = this.current;
    const position = current?.position;
    if (!current || !position) return;
    const hands = parseDeal(position.notation);
    const trick = position.moves;
    const leader = SEATS.indexOf((position.options.leader ?? "W") as Seat);
    const remaining: Hands | null = hands && withoutCards(hands, trick);
    const legal = new Set(current.legalMoves);
    // The student's view: only what the seat sees, and no double-dummy value anywhere.
    const student = (input("student-view") as HTMLInputElement).checked;
    const sees = this.seen(input("view-seat").value as Seat, trick.length);
    const values = student ? new Map<string, number>() : this.values;
    $("reveal").hidden = !student;
    for (const id of ["dd-heading", "dd-table", "par"]) $(id).hidden = student;
    const best = values.size > 0 ? Math.max(...values.values()) : null;
    for (const seat of SEATS) {
      const box = $(`hand-${seat}`);
      const hand = remaining?.[seat] ?? null;
      const title = el("div", { class: "seat-name" }, SEAT_NAME[seat],
        current.sideToMove === seat ? el("span", { class: "to-move", text: " ● to play" }) : "");
      if (hand === null || (student && !sees.has(seat))) {
        const count = hand === null ? "" : ` (${hand.reduce((n, s) => n + s.length, 0)} cards)`;
        box.replaceChildren(title, el("div", { class: "hidden-hand", text: `hidden${count}` }));
        continue;
      }
      const rows = SUITS.map((suit, s) => {
        const cards = [...hand[s]].map((rank) => {
          const card = `${suit}${rank}`;
          const value = values.get(card);
          const button = el("button", {
            class: `card${legal.has(card) ? " legal" : ""}${value !== undefined && value === best ? " best" : ""}`,
            "data-card": card,
            "data-value": value === undefined ? undefined : String(value),
            title: value === undefined ? prettyCard(card) : `${prettyCard(card)}: ${value} tricks`,
            "aria-label": value === undefined ? cardName(card) : `${cardName(card)}: ${value} tricks`,
          }, rank === "T" ? "10" : rank, value === undefined ? "" : el("sup", { text: String(value) }));
          if (legal.has(card)) button.addEventListener("click", () => void this.play(card));
          else button.disabled = true;
          return button;
        });
        return el("div", { class: `suit${isRed(suit) ? " red" : ""}` }, el("span", { class: "symbol", text: SUIT_SYMBOL[suit] }), ...cards,
          cards.length === 0 ? el("span", { class: "void", text: "—" }) : "");
      });
      box.replaceChildren(title, ...rows);
    }
    $("trick").replaceChildren(...trick.map((card, i) => {
      const seat = SEATS[(leader + i) % 4];
      return el("div", { class: `played seat-${seat}${isRed(card) ? " red" : ""}`, "data-card": card, text: prettyCard(card) });
    }));
    $("to-move").textContent = current.terminal ? `over: ${current.outcome}` : `${current.sideToMove} to play`;
    this.drawRecord();
  }

  // The seats whose hands `seat` sees: its own, and dummy once the opening lead is on the table.
  private seen(seat: Seat, onTable: number): Set<Seat> {
    const out = new Set<Seat>([seat]);
    const declarer = this.start?.options.declarer as Seat | undefined;
    const led = onTable > 0 || this.cursor > 0 || (this.start?.moves.length ?? 0) > 0;
    if (declarer !== undefined && SEATS.includes(declarer) && led) {
      out.add(SEATS[(SEATS.indexOf(declarer) + 2) % 4]);
    }
    return out;
  }

  private drawRecord() {
    // In the student's view a card's cost is double-dummy knowledge too.
    const student = (input("student-view") as HTMLInputElement).checked;
    const trump = this.start?.options.trump ?? "N";
    let leader = SEATS.indexOf((this.start?.options.leader ?? "N") as Seat);
    const won = { NS: 0, EW: 0 };
    const rows: HTMLElement[] = [];
    for (let t = 0; t * 4 < this.played.length; ++t) {
      const trick = this.played.slice(4 * t, 4 * t + 4);
      const items = trick.map((p0, k) => {
        const i = 4 * t + k;
        const p = student ? { ...p0, cost: null, better: [] } : p0;
        const costly = p.cost !== null && p.cost > 0;
        const title = p.cost === null ? ""
          : costly ? `gave away ${p.cost} trick${p.cost > 1 ? "s" : ""}${p.better.length > 0 ? `; ${p.better.map(prettyCard).join(" or ")} would have kept ${p.cost > 1 ? "them" : "it"}` : ""}`
            : "double-dummy card";
        const item = el("button", {
          class: `record-card${i < this.cursor ? " done" : ""}${costly ? " costly" : ""}${isRed(p.card) ? " red" : ""}`,
          "data-index": String(i),
          "data-cost": p.cost === null ? undefined : String(p.cost),
          "data-better": costly && p.better.length > 0 ? p.better.join(" ") : undefined,
          title,
          "aria-label": `${SEAT_NAME[p.seat as Seat] ?? p.seat}: ${cardName(p.card)}${title === "" ? "" : `, ${title}`}`,
        }, `${p.seat} ${prettyCard(p.card)}`, costly ? el("sup", { text: `?−${p.cost}` }) : "");
        item.addEventListener("click", () => void this.moveCursor(i + 1));
        return item;
      });
      let result = "";
      if (trick.length === 4) {
        const winner = trickWinner(trick.map((p) => p.card), leader, trump);
        won[winner % 2 === 0 ? "NS" : "EW"]++;
        result = `${SEATS[winner]} · NS ${won.NS} EW ${won.EW}`;
        leader = winner;
      }
      const better = student ? [] : trick.filter((p) => p.cost !== null && p.cost > 0 && p.better.length > 0)
        .map((p) => `${p.seat}: ${p.better.map(prettyCard).join(" or ")} kept it`);
      rows.push(el("div", { class: "trick-row", "data-trick": String(t + 1) },
        el("span", { class: "trick-number", text: `${t + 1}.` }), ...items,
        el("span", { class: "trick-result", text: result }),
        better.length > 0 ? el("div", { class: "better", text: better.join("; ") }) : ""));
    }
    $("play-record").replaceChildren(...rows);
    ($("undo") as HTMLButtonElement).disabled = this.cursor === 0;
    ($("step-back") as HTMLButtonElement).disabled = this.cursor === 0;
    ($("step-start") as HTMLButtonElement).disabled = this.cursor === 0;
    ($("step-forward") as HTMLButtonElement).disabled = this.cursor >= this.played.length;
  }

  private async analyzeSeat() {
    if (this.start === null) return;
    clearErrors(this.panel);
    const position = this.position();
    position.seat = input("view-seat").value;
    const samples = Number(input("samples").value) || 0;
    const options: Record<string, string> = { objective: input("objective").value };
    const constraints = input("constraints").value.trim();
    if (constraints !== "") options.constraints = constraints;
    $("mc-results").replaceChildren();
    await this.runner.run("analyze", {
      position: { source: { case: "position", value: position } },
      limits: { samples: BigInt(samples) },
      progressIntervalMs: Number(input("mc-interval").value) || 0,
      seed: BigInt(Number(input("seed").value) || 0),
      options,
      fixed: input("fixed").value.split(/\s+/).filter((f) => f !== ""),
    });
  }

  // The record's cards the seat chose (declarer's include dummy's), each valued from the seat's
  // knowledge at that point against the best card.
  // Who chooses a card of `seat`: declarer for dummy's.
  private chooser(seat: Seat): Seat {
    const declarer = this.start?.options.declarer as Seat | undefined;
    const dummy = declarer === undefined ? undefined : SEATS[(SEATS.indexOf(declarer) + 2) % 4];
    return seat === dummy && declarer !== undefined ? declarer : seat;
  }

  // The engine's card for the seat to play, from its chooser's view (the samples above), marked.
  private async hint() {
    const current = this.current;
    if (current === null || current.terminal) return;
    clearErrors(this.panel);
    let best = "";
    try {
      best = await this.engineCard(this.chooser(current.sideToMove as Seat));
    } catch (e) {
      showError(this.panel, e);
      return;
    }
    $("engine-status").textContent = best === "" ? "" : `hint: ${prettyCard(best)}`;
    for (const b of document.querySelectorAll<HTMLElement>("#tab-bridge button.card")) {
      b.classList.toggle("hint", b.dataset.card === best);
    }
  }

  // The seat's cards of the whole play reviewed from what it knew then; `last`: its last card
  // only (a review from that card on).
  private async reviewSeat(last = false) {
    if (this.start === null) return;
    clearErrors(this.panel);
    const position = this.position();
    position.moves = [...this.start.moves, ...this.played.map((p) => p.card)];
    position.seat = input("view-seat").value;
    let fromMove = 0;
    if (last) {
      const mine = this.played.map((p) => this.chooser(p.seat as Seat) === position.seat).lastIndexOf(true);
      if (mine < 0) {
        showError(this.panel, new Error(`${SEAT_NAME[position.seat as Seat] ?? position.seat} has played no card yet`));
        return;
      }
      fromMove = this.start.moves.length + mine;
    }
    $("mc-results").replaceChildren();
    await this.runner.run("review", {
      fromMove,
      position: { source: { case: "position", value: position } },
      limits: { samples: BigInt(Number(input("samples").value) || 0) },
      progressIntervalMs: Number(input("mc-interval").value) || 0,
      seed: BigInt(Number(input("seed").value) || 0),
      options: { objective: input("objective").value },
    });
  }

  private showSeatReport(report: SearchReport) {
    if (report.reviewTotal > 0) {
      $("mc-results").replaceChildren(...reviewRows(report, prettyCard));
      return;
    }
    const metric = (m: SearchReport["moves"][number], name: string) =>
      m.metrics.find((x) => x.name === name)?.value;
    // The best row, and those within one standard error of it (of either), marked as tied: the
    // samples do not tell them apart.
    const best = report.moves.reduce<SearchReport["moves"][number] | undefined>(
      (b, m) => (b === undefined || m.value > b.value ? m : b), undefined);
    const tied = (m: SearchReport["moves"][number]) =>
      best !== undefined && m !== best && best.value - m.value <= Math.max(best.stdError, m.stdError);
    const rows = report.moves.map((m) => {
      const tricks = metric(m, "mean_tricks");
      const tricksSe = metric(m, "mean_tricks_se");
      const success = metric(m, "success");
      const successSe = metric(m, "success_se");
      const mark = m === best ? "best" : tied(m) ? "tied" : "";
      return el("tr", {
        "data-move": m.move, "data-value": String(m.value), "data-se": String(m.stdError),
        class: mark, title: mark === "tied" ? "within one standard error of the best: not told apart" : "",
      },
        el("td", { class: isRed(m.move) ? "red" : "", text: `${prettyCard(m.move)}${mark === "tied" ? " ≈" : ""}` }),
        el("td", { class: "num", text: tricks === undefined ? "" : `${tricks.toFixed(2)} ± ${(tricksSe ?? 0).toFixed(2)}` }),
        el("td", { class: "num", text: success === undefined ? "" : `${(100 * success).toFixed(1)}% ± ${(100 * (successSe ?? 0)).toFixed(1)}` }),
        el("td", { class: "num", text: m.display }),
        el("td", { class: "num", text: String(m.samples) }));
    });
    $("mc-results").replaceChildren(
      el("tr", {}, ...["card", "mean tricks", "make / defeat", "value", "layouts"].map((h) => el("th", { text: h }))),
      ...rows);
  }
}

// A record with an auction (PBN's Auction section, LIN's mb).
function hasAuction(text: string): boolean {
  return /\[Auction\s+"[NESW]"\]/i.test(text) || /mb\|/i.test(text);
}

// A game record (PBN tags, perhaps after "%" lines, or LIN) rather than a plain deal.
function isRecord(text: string): boolean {
  return text.includes("md|") || /^\s*(?:%[^\n]*\n\s*)*\[/.test(text);
}

function describeBoard(p: Position): string {
  const o = p.options;
  const parts: string[] = [];
  if (o.dealer) parts.push(`dealer ${o.dealer}`);
  if (o.vulnerable) parts.push(VULNERABLE[o.vulnerable] ?? o.vulnerable);
  if (o.contract) parts.push(`${o.contract.replace(/([SHDC])/, (s) => SUIT_SYMBOL[s])}${o.declarer ? ` by ${o.declarer}` : ""}`);
  else if (o.trump) parts.push(o.trump === "N" ? "no trump" : `trump ${SUIT_SYMBOL[o.trump]}`);
  return parts.join(" · ");
}

function drawTable(t: DoubleDummyTable) {
  const header = el("tr", {}, el("th"), ...SEATS.map((s) => el("th", { text: s })));
  const rows = STRAIN_ROWS.map(([label, strain]) => el("tr", {},
    el("th", { class: strain === 1 || strain === 2 ? "red" : "", text: label }),
    ...SEATS.map((seat, d) => el("td", {
      class: "num", "data-strain": String(strain), "data-seat": seat, text: String(t.tricks[strain * 4 + d]),
    }))));
  $("dd-table").replaceChildren(header, ...rows);
  $("par").textContent = `Par ${t.parScore > 0 ? "+" : ""}${t.parScore} (N-S): ${t.parContracts.join(", ")} · dealer ${t.dealer}, ${VULNERABLE[t.vulnerable] ?? t.vulnerable}`;
}
