/**
 * What the browser offers the sandbox, detected rather than assumed: engines differ (WebKit
 * reports `crossOriginIsolated` yet has no SharedArrayBuffer; only some engines have JSPI), and
 * each missing feature has a slower or narrower path instead of a failure.
 */
export interface SandboxFeatures {
  /**
   * SharedArrayBuffer in a cross-origin-isolated context. With it a run past its time limit is
   * first interrupted (Python's KeyboardInterrupt) and the Wasmer shell engine can run; without
   * it the limit ends the worker and `.sh` runs on the built-in shell.
   */
  sharedMemory: boolean;
  /**
   * WebAssembly JavaScript Promise Integration (stack switching). With it Python can block on
   * coroutines (`asyncio.run`); without it a script that does gets Pyodide's error instead.
   */
  jspi: boolean;
}

export function hasSharedMemory(): boolean {
  return globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === "function";
}

export function hasJspi(): boolean {
  return typeof (WebAssembly as { Suspending?: unknown }).Suspending === "function";
}

export function detectSandboxFeatures(): SandboxFeatures {
  return { sharedMemory: hasSharedMemory(), jspi: hasJspi() };
}

/** The sandbox's features plus what the page itself uses. */
export interface BrowserFeatures extends SandboxFeatures {
  /**
   * Service workers for the page. With them the app keeps working offline; without them (some
   * private modes, some embedded browsers) it works while the network is there.
   */
  serviceWorkers: boolean;
}

export function hasServiceWorkers(): boolean {
  return typeof navigator !== "undefined" && navigator.serviceWorker !== undefined;
}
