// Small DOM helpers, and errors shown beside the field the server names.
import { callError } from "./api.js";

export function $(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`no element #${id}`);
  return element;
}

export function input(id: string): HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement {
  return $(id) as HTMLInputElement;
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined) continue;
    if (name === "class") element.className = value;
    else if (name === "text") element.textContent = value;
    else element.setAttribute(name, value);
  }
  element.append(...children);
  return element;
}

// Shows an error by the input whose data-field names the field (or a prefix of it: "fixed"
// for "fixed[0]", "options.constraints" for "options[constraints]"), inside `panel`; else in the
// panel's general error line.
export function showError(panel: HTMLElement, e: unknown) {
  const error = callError(e);
  // "fixed[0]" is "fixed"; "options[constraints]" is "options.constraints".
  const base = error.field.replace(/\[\d+\]/g, "").replace(/\[(\w+)\]/g, ".$1");
  let target: HTMLElement | null = null;
  for (const candidate of panel.querySelectorAll<HTMLElement>("[data-field]")) {
    const names = (candidate.dataset.field ?? "").split(" ");
    if (error.field !== "" && names.some((n) => base === n || base.startsWith(`${n}.`))) {
      target = candidate;
      break;
    }
  }
  const box = target !== null
    ? panel.querySelector<HTMLElement>(`.error[data-error-for="${target.id}"]`)
    : panel.querySelector<HTMLElement>(".error.general");
  const text = error.field !== "" ? `${error.field}: ${error.reason}` : error.reason;
  if (box !== null) {
    box.textContent = text;
    box.hidden = false;
  }
  target?.classList.add("invalid");
}

export function clearErrors(panel: HTMLElement) {
  for (const box of panel.querySelectorAll<HTMLElement>(".error")) {
    box.textContent = "";
    box.hidden = true;
  }
  for (const field of panel.querySelectorAll(".invalid")) field.classList.remove("invalid");
}
