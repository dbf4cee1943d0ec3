/** How a file is shown: what its name and bytes say it is. */
export type PreviewKind = "table" | "image" | "markdown" | "json" | "text" | "download";

const IMAGE_TYPES: Readonly<Record<string, string>> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  bmp: "image/bmp",
  ico: "image/x-icon",
  // Shown only through <img>, where an SVG's scripts never run.
  svg: "image/svg+xml",
};

/** highlight.js language names by extension; the highlighter loads only these. */
const CODE_LANGUAGES: Readonly<Record<string, string>> = {
  py: "python",
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  ts: "typescript",
  sh: "bash",
  bash: "bash",
  json: "json",
  yaml: "yaml",
  yml: "yaml",
  md: "markdown",
  markdown: "markdown",
  html: "xml",
  xml: "xml",
  svg: "xml",
  css: "css",
  toml: "ini",
  ini: "ini",
  cfg: "ini",
};

/** Past this much text a file is offered as a download rather than laid out in the page. */
export const MAX_PREVIEW_BYTES = 2 * 1024 * 1024;

export function extensionOf(name: string): string {
  const base = name.slice(name.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

export function imageTypeOf(name: string): string | undefined {
  return IMAGE_TYPES[extensionOf(name)];
}

export function codeLanguageOf(name: string): string | undefined {
  return CODE_LANGUAGES[extensionOf(name)];
}

/** UTF-8 without NUL bytes in its first 64 KB (a sequence cut at that boundary is allowed). */
export function looksLikeText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 65_536);
  if (head.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

export function previewKindOf(name: string, bytes: Uint8Array): PreviewKind {
  if (imageTypeOf(name)) return "image";
  if (bytes.byteLength > MAX_PREVIEW_BYTES || !looksLikeText(bytes)) return "download";
  switch (extensionOf(name)) {
    case "csv":
    case "tsv":
      return "table";
    case "md":
    case "markdown":
      return "markdown";
    case "json":
      return "json";
    default:
      return "text";
  }
}
