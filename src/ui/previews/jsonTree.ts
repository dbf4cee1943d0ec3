import { h } from "../dom";

/** Levels open at first; deeper ones are folded until opened. */
const OPEN_LEVELS = 1;

function scalar(value: unknown): string {
  return value === undefined ? "undefined" : JSON.stringify(value);
}

function node(key: string | null, value: unknown, depth: number): HTMLElement {
  const label = key === null ? "" : `${JSON.stringify(key)}: `;
  if (value === null || typeof value !== "object") {
    return h("div", { className: "entry" }, label, scalar(value));
  }
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value as Record<string, unknown>);
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  const count = `${entries.length} ${Array.isArray(value) ? "item" : "key"}${entries.length === 1 ? "" : "s"}`;
  return h(
    "details",
    { open: depth < OPEN_LEVELS },
    h("summary", {}, `${label}${open} `, h("span", { className: "muted" }, count)),
    ...entries.map(([k, v]) => node(Array.isArray(value) ? null : k, v, depth + 1)),
    h("div", {}, close),
  );
}

/** A JSON document as a tree whose objects and arrays fold. */
export function jsonTree(value: unknown): HTMLElement {
  return h("div", { className: "json-tree" }, node(null, value, 0));
}
