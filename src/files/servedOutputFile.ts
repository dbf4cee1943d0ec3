import { contentTypeOf } from "../skills/contentType";

/** Where output files are served from; the service worker answers every URL under it. */
export const OUTPUT_FILES_PREFIX = "/skillbox-files/";

/** The query parameter that asks for any output file as a download. */
export const DOWNLOAD_PARAMETER = "download";

/** Images a browser shows as pixels only: no script, no subresource, no link to follow. */
const INERT_IMAGES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/** Text formats whose own type some browser would render as an active document. */
const TEXTUAL = new Set([
  "application/json",
  "application/jsonl",
  "application/yaml",
  "application/toml",
  "application/xml",
  "application/sql",
  "image/svg+xml",
]);

/** How an output file of this path is served: shown as it is, shown as plain text, or downloaded. */
export type OutputFilePresentation = "as-is" | "as-text" | "download";

/**
 * An output file's bytes come from an untrusted script. Whatever a browser would render as a
 * document (HTML, SVG, XML, PDF and anything unknown) could make it open connections before any
 * policy applies (preconnect, DNS prefetch, a plugin viewer at the app's origin), so such files
 * are shown as plain text, or downloaded when they are not text.
 */
export function outputFilePresentation(path: string): OutputFilePresentation {
  const type = contentTypeOf(path);
  if (INERT_IMAGES.has(type)) return "as-is";
  if (type.startsWith("text/") || TEXTUAL.has(type)) return "as-text";
  return "download";
}

function attachment(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Headers an output file is served with. Besides the presentation above, every response forbids
 * everything a document could do (sandboxed, opaque origin, no fetches of any kind) and sniffing.
 */
export function outputFileHeaders(
  path: string,
  size: number,
  download = false,
): Record<string, string> {
  const presentation = download ? "download" : outputFilePresentation(path);
  const type = contentTypeOf(path);
  return {
    "Content-Type": presentation === "as-text" ? "text/plain; charset=utf-8" : type,
    ...(presentation === "download" ? { "Content-Disposition": attachment(path) } : {}),
    "Content-Length": String(size),
    "Content-Security-Policy": "sandbox; default-src 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-DNS-Prefetch-Control": "off",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
  };
}
