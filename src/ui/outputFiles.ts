import type { Skillbox } from "../api/skillbox";
import { outputFilePathOf } from "../index";
import { h } from "./dom";
import { filePreview } from "./previews/filePreview";

/** A file a run wrote: its preview, read from the output file store on demand. */
async function outputFilePreview(skillbox: Skillbox, url: string, name: string) {
  const bytes = await skillbox.readOutputFile(url);
  return bytes
    ? filePreview(name, bytes)
    : h("p", { className: "muted" }, `${name} is no longer kept (the oldest files go first).`);
}

/**
 * Fills `list` with a button per file a run wrote; a button shows its file in `preview` and is
 * marked pressed. The run console and the chat's tool calls both show files this way.
 */
export function showOutputFiles(
  skillbox: Skillbox,
  urls: readonly string[],
  list: HTMLElement,
  preview: HTMLElement,
  { openFirst = false } = {},
): void {
  const buttons = urls.map((url) => {
    const name = outputFilePathOf(url) ?? url;
    const button = h(
      "button",
      { type: "button", className: "secondary", "aria-pressed": "false" },
      name,
    );
    button.addEventListener("click", () => {
      for (const other of buttons) other.setAttribute("aria-pressed", String(other === button));
      void outputFilePreview(skillbox, url, name).then((shown) => preview.replaceChildren(shown));
    });
    return button;
  });
  list.replaceChildren(...buttons.map((button) => h("li", {}, button)));
  preview.replaceChildren();
  if (openFirst) buttons[0]?.click();
}
