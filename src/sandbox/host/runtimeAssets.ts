import type { RuntimeAssetSource } from "./sandboxHost";

const PYODIDE_BASE = "/vendor/pyodide/";
/** Pyodide files the workers cannot fetch themselves (no network); its scripts load as code. */
const PYODIDE_BYTE_ASSETS = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];

/** Where the page fetches each runtime's asset bytes, all from its own origin. */
export function runtimeAssetSources(): RuntimeAssetSource[] {
  return [
    {
      language: "python",
      files: Object.fromEntries(
        PYODIDE_BYTE_ASSETS.map((name) => [name, `${PYODIDE_BASE}${name}`]),
      ),
    },
    {
      language: "javascript",
      files: { "emscripten-module.wasm": "/vendor/quickjs/emscripten-module.wasm" },
    },
    // The built-in shell (just-bash) is plain JavaScript bundled into its worker: no assets.
    { language: "shell", files: {} },
  ];
}
