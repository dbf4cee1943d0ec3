import { h } from "../dom";
import { highlightedHtml } from "./highlight";

/** Longest file laid out line by line; the rest is left to the download. */
const MAX_LINES = 5000;

/**
 * Text with line numbers; highlighted when `language` is one the highlighter knows. The plain
 * text shows at once and the highlighting replaces it when the highlighter has loaded.
 */
export function codeView(text: string, language?: string): HTMLElement {
  const lines = text.split("\n");
  if (lines.length > 1 && lines.at(-1) === "") lines.pop();
  const shown = lines.slice(0, MAX_LINES);
  const gutter = h(
    "pre",
    { className: "gutter", "aria-hidden": "true" },
    shown.map((_, index) => index + 1).join("\n"),
  );
  const code = h("code", {}, shown.join("\n"));
  const view = h(
    "div",
    { className: "lines" },
    gutter,
    h("pre", { className: "code", tabIndex: 0, "aria-label": "File contents" }, code),
  );
  if (language) {
    void highlightedHtml(shown.join("\n"), language).then((html) => {
      if (html !== null) code.innerHTML = html;
    });
  }
  if (lines.length <= MAX_LINES) return view;
  return h(
    "div",
    {},
    view,
    h("p", { className: "muted" }, `Showing the first ${MAX_LINES} of ${lines.length} lines.`),
  );
}
