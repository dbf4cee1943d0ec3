import { EVAL_FREE_FUNCTION_SOURCE } from "../shared/evalFreeFunction";

/**
 * Source of a nested worker: a classic script that imports the real module and replays the
 * messages that arrived while the import was loading. A module sets `onmessage` when it runs, so
 * messages the creator posted at once would otherwise reach no handler.
 */
function classicBootstrapSource(moduleUrl: string): string {
  return `"use strict";
${EVAL_FREE_FUNCTION_SOURCE}
var early = [];
self.onmessage = function (event) { early.push(event); };
import(${JSON.stringify(moduleUrl)}).then(function () {
  early.forEach(function (event) {
    self.dispatchEvent(new MessageEvent("message", { data: event.data, ports: event.ports }));
  });
  early = null;
}, function (error) {
  setTimeout(function () { throw error; });
});
`;
}

/**
 * The Wasmer SDK starts its thread workers as module workers from app-origin URLs. Inside the
 * opaque-origin sandbox neither works (the URL is cross-origin to the frame, and module blob
 * workers do not load there), so `Worker` becomes a constructor that starts a classic blob worker
 * importing the module instead. The nested workers inherit the frame's CSP and opaque origin, and
 * die with this worker.
 */
export function installClassicWorkerShim(): void {
  const NativeWorker = Worker;
  const NativeBlob = Blob;
  const createObjectURL = URL.createObjectURL.bind(URL);
  const bootstrapUrls = new Map<string, string>();
  const bootstrapFor = (moduleUrl: string) => {
    let url = bootstrapUrls.get(moduleUrl);
    if (!url) {
      const source = classicBootstrapSource(moduleUrl);
      url = createObjectURL(new NativeBlob([source], { type: "text/javascript" }));
      bootstrapUrls.set(moduleUrl, url);
    }
    return url;
  };
  class ClassicModuleWorker extends NativeWorker {
    constructor(scriptUrl: string | URL, options?: WorkerOptions) {
      // Classic workers (the SDK's blob helpers) load as they are.
      if (options?.type !== "module") super(scriptUrl, options);
      else super(bootstrapFor(String(scriptUrl)), { name: options.name });
    }
  }
  Object.defineProperty(globalThis, "Worker", {
    value: ClassicModuleWorker,
    configurable: true,
    writable: true,
  });
}
