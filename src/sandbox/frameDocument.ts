import { sha256 } from "@noble/hashes/sha2.js";
import { encodeBase64 } from "../encoding/base64.ts";
import { oneShotGlobalSource } from "./handoff.ts";
import { FRAME_PORT_HANDOFF } from "./protocol.ts";

/**
 * The sandbox frame's document. It is not fetched: the page writes it into `<iframe srcdoc>`, so
 * the frame starts with the network unplugged and on any static host. A service worker never
 * serves an opaque-origin frame, so everything the frame runs arrives as bytes from the page,
 * which is served from the app's caches; the frame turns those bytes into blob: modules.
 */

/** Message type the page sends, with the port and the frame's module, to start the frame. */
export const CONNECT_MESSAGE = "skillbox:connect";

/**
 * The frame's only inline script: waits for the page's connect message, keeps its port for the
 * module, and imports the frame module from the bytes it carries.
 */
export const FRAME_BOOTSTRAP_SOURCE = `"use strict";
addEventListener("message", function onConnect(event) {
  var data = event.data;
  if (event.source !== parent || !data || data.type !== ${JSON.stringify(CONNECT_MESSAGE)} || !event.ports[0]) return;
  removeEventListener("message", onConnect);
  var port = event.ports[0];
  ${oneShotGlobalSource(FRAME_PORT_HANDOFF, "port")}
  var url = URL.createObjectURL(new Blob([data.module], { type: "text/javascript" }));
  import(url).catch(function (error) {
    port.postMessage({ type: "frame-failed", message: String(error) });
  });
});
`;

/** The CSP source that allows exactly the bootstrap as an inline script. */
export const FRAME_BOOTSTRAP_HASH = `'sha256-${encodeBase64(sha256(new TextEncoder().encode(FRAME_BOOTSTRAP_SOURCE)))}'`;

/**
 * CSP of the sandbox frame, inherited by its blob workers: the bootstrap, blob: modules and
 * WebAssembly, and no network at all (assets reach the workers as bytes). It is delivered in a
 * `<meta>` of the frame's own document, so it holds on a host that sets no headers.
 */
export function sandboxContentSecurityPolicy(): string {
  return [
    "default-src 'none'",
    `script-src ${FRAME_BOOTSTRAP_HASH} blob: 'wasm-unsafe-eval'`,
    "worker-src blob:",
    "connect-src 'none'",
    "img-src 'none'",
    "style-src 'none'",
    "font-src 'none'",
    "media-src 'none'",
    "object-src 'none'",
    "frame-src 'none'",
    "child-src blob:",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}

const escapeAttribute = (text: string) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;");

/** The frame's whole document; `policy` null only for the tests' positive control. */
export function frameDocumentHtml(policy: string | null): string {
  const meta =
    policy === null
      ? ""
      : `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}">`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">${meta}<title>Skillbox sandbox</title><script>${FRAME_BOOTSTRAP_SOURCE}</script></head><body></body></html>`;
}
