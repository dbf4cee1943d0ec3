import { h } from "../dom";

type Render = (source: string) => DocumentFragment;
let renderer: Promise<Render> | undefined;

/** marked and DOMPurify, loaded on the first Markdown shown: the first screen shows none. */
function loadRenderer(): Promise<Render> {
  renderer ??= Promise.all([import("marked"), import("dompurify")]).then(
    ([{ marked }, { default: DOMPurify }]) =>
      (source) => {
        const html = marked.parse(source, { async: false, gfm: true });
        // Images, media, forms and styles are dropped too: an image URL would be a request the
        // page makes for the script.
        const fragment = DOMPurify.sanitize(html, {
          RETURN_DOM_FRAGMENT: true,
          FORBID_TAGS: ["img", "picture", "video", "audio", "source", "style", "form", "input"],
          FORBID_ATTR: ["style", "srcset"],
        });
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
