import DOMPurify from "dompurify";
import { marked } from "marked";

/**
 * Markdown a script or skill wrote, rendered and then sanitised. Images, forms and styles are
 * dropped too: an image URL would be a request the page makes for the script.
 */
export function markdownView(source: string): HTMLElement {
  const html = marked.parse(source, { async: false, gfm: true });
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
  const root = document.createElement("div");
  root.className = "markdown";
  root.append(fragment);
  return root;
}
