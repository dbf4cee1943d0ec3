import { oneShotGlobalSource } from "../handoff";
import { INIT_HANDOFF } from "../protocol";

/**
 * Source of the classic blob worker every runtime starts in. Module blob workers do not load in
 * an opaque-origin frame, so a classic worker takes the init message, hides `importScripts`
 * (Pyodide refuses classic workers) and imports the runtime's module: a blob: URL the frame made
 * of the bytes the page handed in.
 */
const BOOTSTRAP_SOURCE = `"use strict";
self.onmessage = function (event) {
  self.onmessage = null;
  var init = event.data;
  ${oneShotGlobalSource(INIT_HANDOFF, "init")}
  Object.defineProperty(self, "importScripts", { configurable: true, writable: true, value: undefined });
  import(init.moduleUrl).catch(function (error) {
    init.port.postMessage({ type: "boot-failed", message: "could not load " + init.moduleUrl + ": " + error });
  });
};
`;

let bootstrapUrl: string | undefined;

/** A blob URL of the bootstrap, made once per frame. */
export function workerBootstrapUrl(): string {
  bootstrapUrl ??= URL.createObjectURL(new Blob([BOOTSTRAP_SOURCE], { type: "text/javascript" }));
  return bootstrapUrl;
}
