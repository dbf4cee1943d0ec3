import { h } from "../dom";

type Render = (source: string) => DocumentFragment;

/**
 * What a preview keeps of a script's Markdown: text structure only, by allowlist. No element or
 * attribute that makes the page fetch survives (images, media, SVG `<image>`/`<feImage>`, table
 * `background`, styles, forms); a link is the one URL kept, and only a click follows it. A
 * blocklist let four of those through, and a host page's CSP may not stop them.
 */
const PREVIEW_ALLOWLIST = {
  RETURN_DOM_FRAGMENT: true as const,
  ALLOWED_TAGS: [
    "a",
    "blockquote",
    "br",
    "code",
    "del",
    "em",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "li",
    "ol",
    "p",
    "pre",
    "span",
    "strong",
    "table",
    "tbody",
    "td",
    "th",
    "thead",
    "tr",
    "ul",
  ],
  ALLOWED_ATTR: ["href", "title", "align", "start", "class"],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#)/i,
};
let renderer: Promise<Render> | undefined;

/** marked and DOMPurify, loaded on the first Markdown shown: the first screen shows none. */
function loadRenderer(): Promise<Render> {
  renderer ??= Promise.all([import("marked"), import("dompurify")]).then(
    ([{ marked }, { default: DOMPurify }]) =>
      (source) => {
        const html = marked.parse(source, { async: false, gfm: true });
        const fragment = DOMPurify.sanitize(html, PREVIEW_ALLOWLIST);
        // A code block scrolls sideways, so a keyboard must be able to reach it.
        for (const block of fragment.querySelectorAll("pre")) block.tabIndex = 0;
        for (const link of fragment.querySelectorAll("a")) {
          link.target = "_blank";
          link.rel = "noopener noreferrer";
        }
        return fragment;
      },
  );
  return renderer;
}

/**
 * Markdown a script or skill wrote, rendered and then sanitised. Its text shows at once; the
 * rendering replaces it when the renderer has loaded.
 */
export function markdownView(source: string): HTMLElement {
  const root = h("div", { className: "markdown pending" }, source);
  void loadRenderer().then((render) => {
    root.replaceChildren(render(source));
    root.classList.remove("pending");
  });
  return root;
}
