import { EVAL_FREE_FUNCTION_SOURCE } from "../shared/evalFreeFunction";
import {
  MEMORY_METER_KEY,
  METERED_MEMORY_SOURCE,
  type ProcessMemoryMeter,
} from "./processMemoryMeter";

/**
 * What a process's worker has no use for once the SDK's module has loaded: every way to the
 * network, to storage and to another context, and string evaluation. Its guest reaches
 * JavaScript only through the SDK's WASIX imports, and with the network off and no cache the SDK
 * calls none of these; they go so that a fault in the SDK cannot reach them either (the frame's
 * CSP and opaque origin stop them too).
 */
export const PROCESS_WORKER_DENIED = [
  "fetch",
  "XMLHttpRequest",
  "WebSocket",
  "WebSocketStream",
  "WebTransport",
  "EventSource",
  "indexedDB",
  "caches",
  "importScripts",
  "BroadcastChannel",
  "SharedWorker",
  "Request",
  "Response",
  "eval",
];

/** Deletes each name from `scope` and the prototypes it inherits from, as a classic script. */
export const DENY_GLOBALS_SOURCE = `function denyGlobals(scope, names) {
  names.forEach(function (name) {
    for (var o = scope; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
      if (Object.prototype.hasOwnProperty.call(o, name) && !delete o[name]) {
        throw new Error("the sandbox could not remove " + name);
      }
    }
  });
}`;

/**
 * Source of a nested worker: a classic script that imports the real module, removes what a
 * process has no use for ({@link PROCESS_WORKER_DENIED}), and replays the messages that arrived
 * while the import was loading. A module sets `onmessage` when it runs, so messages the creator
 * posted at once would otherwise reach no handler.
 */
function classicBootstrapSource(moduleUrl: string): string {
  return `"use strict";
${EVAL_FREE_FUNCTION_SOURCE}
${DENY_GLOBALS_SOURCE}
${METERED_MEMORY_SOURCE}
self.addEventListener("message", function (event) {
  if (takeMeterPort(event)) event.stopImmediatePropagation();
});
var early = [];
self.onmessage = function (event) { early.push(event); };
import(${JSON.stringify(moduleUrl)}).then(function () {
  denyGlobals(self, ${JSON.stringify(PROCESS_WORKER_DENIED)});
  early.forEach(function (event) {
    self.dispatchEvent(new MessageEvent("message", { data: event.data, ports: event.ports }));
  });
  early = null;
}, function (error) {
  setTimeout(function () { throw error; });
});
`;
}

/** Hears that a run asked for more nested workers (processes) than it may have at once. */
export type WorkerLimitListener = (limit: number) => void;

/**
 * The Wasmer SDK starts its thread workers as module workers from app-origin URLs. Inside the
 * opaque-origin sandbox neither works (the URL is cross-origin to the frame, and module blob
 * workers do not load there), so `Worker` becomes a constructor that starts a classic blob worker
 * importing the module instead. The nested workers inherit the frame's CSP and opaque origin, and
 * die with this worker.
 *
 * Each process runs in a worker of its own, and each reserves its WebAssembly memory's address
 * space in the renderer: a fork loop once took 110 of them and left no room for the next run's
 * Python. So at most `limit` live at once; one more is refused (the SDK's fork then fails, as
 * Linux's does at a process limit) and `onLimit` hears it. Each process worker's memories are
 * counted by `meter`.
 */
export function installClassicWorkerShim(
  limit: number,
  onLimit: WorkerLimitListener,
  meter: ProcessMemoryMeter,
): void {
  const NativeWorker = Worker;
  const NativeMessageChannel = MessageChannel;
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
  let live = 0;
  const admit = () => {
    if (live >= limit) {
      onLimit(limit);
      throw new DOMException(`no more than ${limit} processes at once`, "QuotaExceededError");
    }
    live += 1;
  };
  class ClassicModuleWorker extends NativeWorker {
    private ended = false;
    private meterPort: MessagePort | undefined;
    constructor(scriptUrl: string | URL, options?: WorkerOptions) {
      admit();
      // Classic workers (the SDK's blob helpers) load as they are.
      if (options?.type !== "module") {
        super(scriptUrl, options);
        return;
      }
      super(bootstrapFor(String(scriptUrl)), { name: options.name });
      const channel = new NativeMessageChannel();
      channel.port1.onmessage = (event: MessageEvent<unknown>) => {
        if (event.data instanceof WebAssembly.Memory) meter.add(this, event.data);
      };
      this.meterPort = channel.port1;
      super.postMessage({ [MEMORY_METER_KEY]: channel.port2 }, [channel.port2]);
    }
    override terminate(): void {
      if (!this.ended) live -= 1;
      this.ended = true;
      this.meterPort?.close();
      meter.forget(this);
      super.terminate();
    }
  }
  Object.defineProperty(globalThis, "Worker", {
    value: ClassicModuleWorker,
    configurable: true,
    writable: true,
  });
}
