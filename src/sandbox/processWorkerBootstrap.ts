import { RETRYING_MEMORY_SOURCE } from "./addressSpace";
import { EVAL_FREE_FUNCTION_SOURCE } from "./evalFreeFunction";

/**
 * The worker each process of the Wasmer shell engine runs in. The frame starts it on the shell
 * worker's request (see frame/processWorkers.ts): Firefox's `Worker` constructor, called inside a
 * worker while other workers of that worker run, blocks now and then for good (about one `.sh`
 * run in eight hung that way), and a constructor on the frame's main thread does not block. So a
 * process worker is a sibling of the shell worker, and the two talk over a port the shell worker
 * made: the bootstrap below makes that port the process's `postMessage`/`onmessage`, as if the
 * shell worker had started it.
 */

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

/** The key of the first message a process gets on its port: the port its memories go through. */
export const MEMORY_METER_KEY = "skillbox:memory-meter";

/** The key of a message a process sends when it failed (an uncaught error, a module not loaded). */
export const PROCESS_ERROR_KEY = "skillbox:process-error";

/**
 * Classic-script source that tells the run's memory meter (workers/shell/processMemoryMeter.ts)
 * which `WebAssembly.Memory` this process runs on: the last one a module was instantiated with
 * here (an exec's replaces the one before), never the SDK's own, which comes in the "init"
 * message, is shared by every worker of the run and is counted once, by the shell worker.
 * Memories the SDK makes and drops are not reported, so only their process keeps them alive:
 * reporting every memory made (a fork makes two in the parent) kept them, and the address space
 * each reserves, alive for the parent's life, and a loop of 116 subshells used up the renderer's.
 * Defines `takeMeterPort(event)`, true when the event was the port, which the bootstrap calls
 * before anything else sees a message, so the port never reaches the SDK, and
 * `meterIncoming(data)` for each message it passes on. The meter hears `{ id, memory }` and
 * `{ release: id }`.
 */
export const METERED_MEMORY_SOURCE = `var meterPort = null;
var memoryIds = new WeakMap();
var sdkMemories = new WeakSet();
var lastMemoryId = 0;
var NativeMemoryType = WebAssembly.Memory;
function takeMeterPort(event) {
  var port = event.data && event.data[${JSON.stringify(MEMORY_METER_KEY)}];
  if (!port) return false;
  meterPort = port;
  return true;
}
function memoriesIn(value, found, depth) {
  if (!value || typeof value !== "object" || depth > 4) return found;
  if (value instanceof NativeMemoryType) return found.push(value), found;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return found;
  if (typeof SharedArrayBuffer !== "undefined" && value instanceof SharedArrayBuffer) return found;
  var items = Array.isArray(value) ? value : Object.keys(value).map(function (k) { return value[k]; });
  if (items.length > 64) return found;
  items.forEach(function (item) { memoriesIn(item, found, depth + 1); });
  return found;
}
function reportMemory(memory) {
  if (!meterPort || memoryIds.has(memory) || sdkMemories.has(memory)) return;
  if (lastMemoryId > 0) meterPort.postMessage({ release: lastMemoryId });
  lastMemoryId += 1;
  memoryIds.set(memory, lastMemoryId);
  meterPort.postMessage({ id: lastMemoryId, memory: memory });
}
function meterIncoming(data) {
  if (data && data.type === "init") memoriesIn(data, [], 0).forEach(function (m) { sdkMemories.add(m); });
}
(function () {
  var NativeInstance = WebAssembly.Instance;
  var nativeInstantiate = WebAssembly.instantiate;
  function MeteredInstance(module, imports) {
    memoriesIn(imports, [], 0).forEach(reportMemory);
    return new NativeInstance(module, imports);
  }
  MeteredInstance.prototype = NativeInstance.prototype;
  WebAssembly.Instance = MeteredInstance;
  WebAssembly.instantiate = function (source, imports) {
    memoriesIn(imports, [], 0).forEach(reportMemory);
    return nativeInstantiate.apply(WebAssembly, arguments);
  };
})();`;

/**
 * Source of a process worker: a classic script (module blob workers do not load in the
 * opaque-origin frame). It imports the SDK's thread module at once, so that a spare worker the
 * frame starts ahead of need has it loaded, and removes what a process has no use for
 * ({@link PROCESS_WORKER_DENIED}). Its first message carries the shell worker's port, which
 * becomes the global `postMessage` and message source: what the module posts before the port
 * comes waits for it, and what the port brings before the module has loaded waits for the module
 * (a module sets `onmessage` only when it runs).
 */
export function processBootstrapSource(moduleUrl: string): string {
  return `"use strict";
${EVAL_FREE_FUNCTION_SOURCE}
${DENY_GLOBALS_SOURCE}
${RETRYING_MEMORY_SOURCE}
${METERED_MEMORY_SOURCE}
(function () {
  var port = null;
  var unsent = [];
  var undelivered = [];
  var loaded = false;
  function send(args) { port.postMessage.apply(port, args); }
  function reportFailure(message) {
    var failure = {};
    failure[${JSON.stringify(PROCESS_ERROR_KEY)}] = String(message);
    if (port) port.postMessage(failure);
    else unsent.push([failure]);
  }
  self.addEventListener("error", function (event) {
    reportFailure(event.message || event.error);
  });
  Object.defineProperty(self, "postMessage", {
    configurable: true,
    writable: true,
    value: function () {
      if (port) send(arguments);
      else unsent.push(arguments);
    },
  });
  function deliver(event) {
    self.dispatchEvent(new MessageEvent("message", { data: event.data, ports: event.ports }));
  }
  function takePort(first) {
    var given = first.data && first.data.port;
    if (!(given instanceof MessagePort)) return;
    first.stopImmediatePropagation();
    self.removeEventListener("message", takePort);
    port = given;
    port.onmessage = function (event) {
      if (takeMeterPort(event)) return;
      meterIncoming(event.data);
      if (loaded) deliver(event);
      else undelivered.push(event);
    };
    unsent.splice(0).forEach(send);
  }
  self.addEventListener("message", takePort);
  import(${JSON.stringify(moduleUrl)}).then(function () {
    denyGlobals(self, ${JSON.stringify(PROCESS_WORKER_DENIED)});
    loaded = true;
    undelivered.splice(0).forEach(deliver);
  }, function (error) {
    reportFailure("could not load the process module: " + error);
  });
})();
`;
}

const bootstrapUrls = new Map<string, string>();

/** A blob URL of the bootstrap for `moduleUrl`, made once per frame. */
export function processBootstrapUrl(moduleUrl: string): string {
  let url = bootstrapUrls.get(moduleUrl);
  if (!url) {
    const source = processBootstrapSource(moduleUrl);
    url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    bootstrapUrls.set(moduleUrl, url);
  }
  return url;
}
