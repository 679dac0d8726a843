// A reviewed game as a table: each move played, the best move there, their values and the cost,
// graded (best, small, medium, large); a move not valued says why.
import { type MoveReview, type SearchReport, ValueUnit } from "../gen/kibitzer/v1/kibitzer_pb.js";
import { el } from "./dom.js";
import { unitName } from "./search.js";

function value(v: number, unit: ValueUnit): string {
  if (unit === ValueUnit.PROBABILITY) return `${(100 * v).toFixed(1)}%`;
  return `${Number(v.toFixed(2))}`;
}

function row(m: MoveReview, pretty: (move: string) => string): HTMLElement {
  const cells = m.valued
    ? [pretty(m.best?.move ?? ""), value(m.playedValue?.value ?? 0, m.unit), value(m.best?.value ?? 0, m.unit),
      m.cost > 0 ? `−${value(m.cost, m.unit)} ${unitName(m.unit)}` : "", m.grade]
    : ["", "", "", "", m.note];
  return el("tr", { class: `review ${m.valued ? m.grade : "unvalued"}`, "data-index": String(m.index), "data-grade": m.grade, title: m.note },
    el("td", { class: "num", text: String(m.index + 1) }), el("td", { text: m.seat }),
    el("td", { text: pretty(m.played) }), ...cells.map((text, i) => el("td", { class: i > 0 && i < 4 ? "num" : "", text })));
}

// The table's rows: a header, then every move reviewed so far.
export function reviewRows(report: SearchReport, pretty: (move: string) => string = (m) => m): HTMLElement[] {
  const header = el("tr", {}, ...["#", "seat", "played", "best", "played's value", "best's value", "cost", "grade"]
    .map((h) => el("th", { text: h })));
  return [header, ...report.reviews.map((m) => row(m, pretty))];
}
