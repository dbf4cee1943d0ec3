import { RUNTIME_LAYOUT } from "../../sandbox/runtimeLayout";

/**
 * Which of the engine's two builds a browser runs, and so which of its files it needs: the page
 * asks when loading a model, the service worker when choosing what to keep offline.
 */

/** Whether WebAssembly memories may be 64-bit: the engine's main build needs it. */
function hasMemory64(): boolean {
  try {
    new WebAssembly.Memory({
      address: "i64",
      initial: 1n,
    } as unknown as WebAssembly.MemoryDescriptor);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the engine runs its compatibility build here (wasm32, no JSPI: Safari and older
 * browsers), by wllama's own rule: no memory64, or no JSPI.
 */
export function usesCompatBuild(): boolean {
  return !hasMemory64() || !("Suspending" in WebAssembly);
}

/** Whether a file of the build (by URL path) is one this browser's engine build never loads. */
export function isOtherEngineBuild(path: string, compatBuild: boolean): boolean {
  const { wasm, compatWorker, compatWasm } = RUNTIME_LAYOUT.wllama;
  const is = (file: string) => path.endsWith(`/${file}`);
  return compatBuild ? is(wasm) : is(compatWorker) || is(compatWasm);
}
