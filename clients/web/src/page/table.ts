// A card game's table (tarok, Big Two) drawn from SetupPositionResponse.table: each hand as
// cards (or how many are hidden), the cards on the table, the talon's groups, the state in words.
// The mover's legal cards are buttons with their values: a click plays a card where a move is one
// card (tarok), else selects it, and "Play the selected cards" plays them together (Big Two).
import type { TableView } from "../gen/kibitzer/v1/kibitzer_pb.js";
import { el } from "./dom.js";

const SUIT: Record<string, [string, boolean]> = { H: ["♥", true], D: ["♦", true], S: ["♠", false], C: ["♣", false] };

// "KH" as K♥, "TD" as 10♦; taroks ("XXI", "SK") as they are.
function pretty(card: string): { text: string; red: boolean } {
  const m = /^(10|[2-9TJQKANR1])([HDSC])$/.exec(card);
  if (m === null) return { text: card, red: false };
  const [symbol, red] = SUIT[m[2]];
  return { text: `${m[1] === "T" ? "10" : m[1]}${symbol}`, red };
}

function cardChip(card: string, tag: "span" | "button" = "span"): HTMLElement {
  const { text, red } = pretty(card);
  return el(tag, { class: `tcard${red ? " red" : ""}`, "data-card": card, "aria-label": card }, text);
}

export interface TableActions {
  sideToMove: string;
  legal: string[];
  values: Map<string, string>;
  play(move: string): void;
}

export function drawTable(box: HTMLElement, table: TableView | undefined, actions: TableActions) {
  box.hidden = table === undefined || table.hands.length === 0;
  if (table === undefined || box.hidden) {
    box.replaceChildren();
    return;
  }
  const legal = new Set(actions.legal);
  const mover = table.hands.find((h) => h.seat === actions.sideToMove);
  // Tarok plays one card a move: a click plays it. Where a move may be several of the mover's
  // cards (Big Two's pairs and hands), a click selects and the selected cards are played together.
  const inHand = new Set(mover?.cards ?? []);
  const combination = (m: string) => !inHand.has(m) && m.length > 2 &&
    (m.match(/10[HDSC]|../g) ?? []).every((c) => inHand.has(c));
  const single = !actions.legal.some(combination);
  const selected = new Set<string>();
  const playSelected = el("button", { class: "play-selected", hidden: "" }, "Play the selected cards");
  // The selected cards in the hand's order, as one move.
  playSelected.addEventListener("click", () => actions.play((mover?.cards ?? []).filter((c) => selected.has(c)).join("")));

  const hands = table.hands.map((h) => {
    const moving = h.seat === actions.sideToMove;
    const cards = h.known
      ? h.cards.map((card) => {
        const value = actions.values.get(card);
        const playable = moving && (single ? legal.has(card) : actions.legal.some((m) => m.includes(card)));
        const chip = cardChip(card, playable ? "button" : "span");
        if (value !== undefined) {
          chip.append(el("sup", { text: value }));
          chip.setAttribute("aria-label", `play ${card}, value ${value}`);
          chip.dataset.value = value;
        }
        if (playable) {
          chip.classList.add("legal");
          chip.addEventListener("click", () => {
            if (single) return actions.play(card);
            if (selected.has(card)) selected.delete(card);
            else selected.add(card);
            chip.classList.toggle("selected", selected.has(card));
            playSelected.hidden = selected.size === 0;
          });
        }
        return chip;
      })
      : [el("span", { class: "hidden-cards", text: `${h.count} cards hidden` })];
    return el("div", { class: `table-hand${moving ? " to-move" : ""}`, "data-seat": h.seat },
      el("div", { class: "seat-name", text: `Seat ${h.seat}${moving ? " · to move" : ""} (${h.count})` }),
      el("div", { class: "cards" }, ...cards), moving && !single ? playSelected : "");
  });
  const onTable = el("div", { class: "table-center" },
    ...table.table.map((p) => el("div", { class: "table-play", "data-seat": p.seat },
      el("span", { class: "seat-name", text: `${p.seat}:` }), ...p.cards.map((c) => cardChip(c)))));
  const groups = table.groups.map((g) => {
    const take = g.move !== "" && legal.has(g.move)
      ? [(() => {
        const value = actions.values.get(g.move);
        const button = el("button", { class: "take", "data-move": g.move }, "take",
          value === undefined ? "" : el("sup", { text: value }));
        button.addEventListener("click", () => actions.play(g.move));
        return button;
      })()]
      : [];
    return el("div", { class: "table-group", "data-group": g.name },
      el("span", { class: "seat-name", text: g.name }), ...g.cards.map((c) => cardChip(c)), ...take);
  });
  box.replaceChildren(
    el("div", { class: "card-table" }, ...hands, onTable, ...groups),
    el("dl", { class: "table-facts" }, ...table.facts.flatMap((f) => [el("dt", { text: f.name }), el("dd", { text: f.value })])));
}
