import { h } from "./dom";

/** Inline `code` spans; every piece of text goes in as text, never as HTML. */
function inline(text: string): (Node | string)[] {
  return text
    .split(/(`[^`]+`)/)
    .map((part) =>
      part.startsWith("`") && part.endsWith("`") && part.length > 1
        ? h("code", {}, part.slice(1, -1))
        : part,
    );
}

/**
 * A small Markdown renderer for SKILL.md bodies: headings, fenced code, lists and paragraphs.
 * It builds DOM nodes from text, so a skill's instructions cannot inject markup into the app.
 */
export function renderMarkdown(source: string): HTMLElement {
  const root = h("div", { className: "markdown" });
  const lines = source.split("\n");
  let list: HTMLElement | null = null;
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) root.append(h("p", {}, ...inline(paragraph.join(" "))));
    paragraph = [];
    list = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith("```")) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]!.startsWith("```"); i++) code.push(lines[i]!);
      root.append(h("pre", {}, h("code", {}, code.join("\n"))));
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const item = /^\s*(?:[-*]|\d+\.)\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const level = Math.min(heading[1]!.length + 2, 6);
      root.append(h(`h${level}` as "h3", {}, ...inline(heading[2]!)));
    } else if (item) {
      if (paragraph.length > 0) flush();
      if (!list) {
        list = h(/^\s*\d/.test(line) ? "ol" : "ul", {});
        root.append(list);
      }
      list.append(h("li", {}, ...inline(item[1]!)));
    } else if (line.trim() === "") {
      flush();
    } else {
      paragraph.push(line.trim());
    }
  }
  flush();
  return root;
}
