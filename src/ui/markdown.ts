import { h } from "./dom";

/** Inline `code` and **bold** spans; every piece of text goes in as text, never as HTML. */
function inline(text: string): (Node | string)[] {
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*)/).map((part) => {
    if (part.length > 1 && part.startsWith("`") && part.endsWith("`")) {
      return h("code", {}, part.slice(1, -1));
    }
    if (part.length > 4 && part.startsWith("**") && part.endsWith("**")) {
      return h("strong", {}, part.slice(2, -2));
    }
    return part;
  });
}

/**
 * A small Markdown renderer for SKILL.md bodies: headings, fenced code, lists and paragraphs.
 * It builds DOM nodes from text, so a skill's instructions cannot inject markup into the app.
 */
export function renderMarkdown(source: string): HTMLElement {
  const root = h("div", { className: "markdown" });
  const lines = source.split("\n");
  let list: HTMLElement | null = null;
  let item: string[] | null = null;
  let paragraph: string[] = [];
  const endItem = () => {
    if (list && item) list.append(h("li", {}, ...inline(item.join(" "))));
    item = null;
  };
  const flush = () => {
    endItem();
    if (paragraph.length > 0) root.append(h("p", {}, ...inline(paragraph.join(" "))));
    paragraph = [];
    list = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trimStart().startsWith("```")) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]!.trimStart().startsWith("```"); i++)
        code.push(lines[i]!);
      root.append(h("pre", {}, h("code", {}, code.join("\n"))));
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const listItem = /^\s*(?:[-*]|\d+\.)\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const level = Math.min(heading[1]!.length + 2, 6);
      root.append(h(`h${level}` as "h3", {}, ...inline(heading[2]!)));
    } else if (listItem) {
      if (paragraph.length > 0) flush();
      endItem();
      if (!list) {
        list = h(/^\s*\d/.test(line) ? "ol" : "ul", {});
        root.append(list);
      }
      item = [listItem[1]!];
    } else if (item && /^\s+\S/.test(line)) {
      // An indented line continues the list item above it.
      item.push(line.trim());
    } else if (line.trim() === "") {
      flush();
    } else {
      paragraph.push(line.trim());
    }
  }
  flush();
  return root;
}
