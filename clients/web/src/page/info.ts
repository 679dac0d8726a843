// Engine info: the games, their rules options and notations, and the limits the server enforces.
import type { EngineInfo, OptionInfo } from "../gen/kibitzer/v1/kibitzer_pb.js";
import { OptionInfo_Type } from "../gen/kibitzer/v1/kibitzer_pb.js";
import { $, el } from "./dom.js";

function optionsTable(title: string, options: OptionInfo[]) {
  if (options.length === 0) return el("div");
  return el("table", { class: "options" },
    el("caption", { text: title }),
    el("tr", {}, ...["option", "type", "default", "meaning"].map((h) => el("th", { text: h }))),
    ...options.map((o) => el("tr", {},
      el("td", { class: "mono", text: o.name }),
      el("td", { text: o.type === OptionInfo_Type.ENUM ? o.choices.join(" | ") : o.type === OptionInfo_Type.INT ? `${o.min}..${o.max}` : OptionInfo_Type[o.type].toLowerCase() }),
      el("td", { class: "mono", text: o.defaultValue }),
      el("td", { text: o.description }))));
}

export function showInfo(info: EngineInfo) {
  $("engine-name").textContent = `${info.name} ${info.version}`;
  const limits = info.limits;
  $("engine-limits").replaceChildren(...(limits === undefined ? [] : Object.entries(limits)
    .filter(([name]) => !name.startsWith("$"))
    .map(([name, value]) => el("tr", {}, el("th", { text: name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) }), el("td", { class: "num", text: String(value) })))));
  $("engine-games").replaceChildren(...info.games.map((g) => el("details", { class: "game", "data-game": g.name },
    el("summary", {}, el("strong", { text: g.displayName }), ` (${g.name}) · seats ${g.seats.join(" ")}`),
    el("p", { text: g.description }),
    el("p", {}, el("em", { text: "Position: " }), g.positionNotation),
    el("p", {}, el("em", { text: "Moves: " }), g.moveNotation),
    el("p", {}, el("em", { text: "Values: " }), g.valueDescription),
    el("p", {}, el("em", { text: "Variants: " }), g.variants.map((v) => `${v.name} (${v.description})`).join("; ")),
    optionsTable("Position options", g.positionOptions),
    optionsTable("Search options", g.searchOptions))));
}
