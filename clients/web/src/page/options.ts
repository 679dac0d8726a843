// A game's search options as a form, built from what GetEngineInfo declares of them (a choice
// for an enum, a box for a flag, a number for an integer, text for a string), and read back as
// the request's options map: only the options set away from their defaults are sent.
import type { OptionInfo } from "../gen/kibitzer/v1/kibitzer_pb.js";
import { OptionInfo_Type } from "../gen/kibitzer/v1/kibitzer_pb.js";
import { el } from "./dom.js";

function control(o: OptionInfo, id: string): HTMLElement {
  const field = { id, "data-option": o.name, "data-field": `options.${o.name}` };
  switch (o.type) {
    case OptionInfo_Type.ENUM:
      return el("select", field, ...o.choices.map((c) => {
        const option = el("option", { value: c, text: c });
        option.selected = c === o.defaultValue;
        return option;
      }));
    case OptionInfo_Type.BOOL: {
      const box = el("input", { ...field, type: "checkbox" });
      box.checked = o.defaultValue === "true";
      return box;
    }
    case OptionInfo_Type.INT:
      return el("input", { ...field, type: "number", value: o.defaultValue, min: String(o.min), max: String(o.max), class: "short" });
    default:
      return el("input", { ...field, value: o.defaultValue, spellcheck: "false" });
  }
}

// The form's labelled controls (ids `${prefix}-${name}`), each with its error line.
export function optionControls(options: OptionInfo[], prefix: string): HTMLElement[] {
  return options.map((o) => {
    const id = `${prefix}-${o.name}`;
    return el("div", { class: "option" },
      el("label", { for: id, title: o.description }, o.name, " ", control(o, id)),
      el("div", { class: "error", "data-error-for": id, hidden: "" }));
  });
}

// The options set away from their defaults, as the request's map.
export function optionValues(box: HTMLElement, options: OptionInfo[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const o of options) {
    const c = box.querySelector<HTMLInputElement>(`[data-option="${o.name}"]`);
    if (c === null) continue;
    const value = o.type === OptionInfo_Type.BOOL ? String(c.checked) : c.value.trim();
    if (value !== o.defaultValue) values[o.name] = value;
  }
  return values;
}
