import { h } from "../dom";
import { codeView } from "./codeView";
import { codeLanguageOf, extensionOf, imageTypeOf, previewKindOf } from "./fileKinds";
import { jsonTree } from "./jsonTree";
import { markdownView } from "./markdownView";
import { tableView } from "./tableView";

/** Offers bytes as a download: never opened as a document of the page's origin. */
export function downloadButton(name: string, bytes: Uint8Array, label = "Download"): HTMLElement {
  const fileName = name.slice(name.lastIndexOf("/") + 1) || "file";
  return h(
    "button",
    {
      type: "button",
      className: "secondary",
      onclick: () => {
        const blob = new Blob([bytes as BlobPart], { type: "application/octet-stream" });
        const url = URL.createObjectURL(blob);
        const link = h("a", { href: url, download: fileName });
        link.click();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      },
    },
    `${label} ${fileName}`,
  );
}

function body(name: string, bytes: Uint8Array): HTMLElement {
  const kind = previewKindOf(name, bytes);
  const text = () => new TextDecoder().decode(bytes);
  switch (kind) {
    case "image": {
      const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: imageTypeOf(name) }));
      return h("img", { src: url, alt: `Image ${name}` });
    }
    case "table":
      return tableView(text(), extensionOf(name) === "tsv" ? "\t" : ",");
    case "markdown":
      return markdownView(text());
    case "json": {
      try {
        return jsonTree(JSON.parse(text()));
      } catch (error) {
        return h(
          "div",
          {},
          h("p", { className: "error" }, `Not valid JSON: ${(error as Error).message}`),
          codeView(text()),
        );
      }
    }
    case "text":
      return codeView(text(), codeLanguageOf(name));
    case "download":
      return h(
        "p",
        { className: "muted" },
        `${bytes.byteLength.toLocaleString("en")} bytes that cannot be shown here.`,
      );
  }
}

/** A file shown as what it is (table, image, Markdown, JSON, text), with a download. */
export function filePreview(name: string, bytes: Uint8Array): HTMLElement {
  return h(
    "section",
    { className: "preview", "aria-label": `Preview of ${name}` },
    h("div", { className: "row" }, h("strong", {}, name), downloadButton(name, bytes)),
    // Focusable: a long table or file scrolls, and a keyboard must be able to scroll it.
    h("div", { className: "preview-body", tabIndex: 0 }, body(name, bytes)),
  );
}
