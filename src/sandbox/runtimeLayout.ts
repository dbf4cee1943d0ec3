import type { ScriptLanguage } from "./runtime";

/**
 * Where a page finds the runtime folder unless told otherwise (`createSkillbox`'s `assetsUrl`),
 * and where `skillbox/vite` serves it.
 */
export const DEFAULT_ASSETS_URL = "/skillbox/";

/**
 * The runtime folder's layout: what `npm run build:package` writes to `pkg/runtime/`, what
 * `skillbox/vite` and `npx skillbox-assets` serve or copy, and what the page fetches, all by these
 * names relative to one base URL (`assetsUrl`).
 */
export const RUNTIME_LAYOUT = {
  frameModule: "frame.js",
  workers: {
    python: "workers/python.js",
    javascript: "workers/javascript.js",
    shell: "workers/shell.js",
  } satisfies Record<ScriptLanguage, string>,
  pyodide: "vendor/pyodide/",
  quickjs: "vendor/quickjs/",
  wasmer: "vendor/wasmer/",
  /** dash and toybox for the Wasmer engine, when the build had the WASIX toolchain. */
  wasixShell: "vendor/wasix-shell/",
  /**
   * The in-browser model's engine (llama.cpp in WebAssembly): its module and its wasm, and the
   * compatibility build (wasm32, no JSPI) for browsers without memory64 or JSPI, such as Safari.
   */
  wllama: {
    module: "vendor/wllama/wllama.js",
    wasm: "vendor/wllama/wllama.wasm",
    compatWorker: "vendor/wllama/compat/wllama.js",
    compatWasm: "vendor/wllama/compat/wllama.wasm",
  },
  sandboxDocument: "sandbox.html",
  /** The web components in one file, for a `<script type="module">` on any page. */
  embedScript: "skillbox-embed.js",
  /** The page another origin frames to use this deployment (`skillbox/client`), and its module. */
  embedDocument: "embed.html",
  embedModule: "embed.js",
  /** `skillbox/client` as a module a plain page imports from the deployment. */
  clientModule: "client.js",
} as const;
