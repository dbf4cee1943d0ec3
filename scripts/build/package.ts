/**
 * `npm run build:package`: the npm package in `pkg/` — the library entry points (`skillbox`,
 * `skillbox/client`, `skillbox/mcp`, `skillbox/vite`, the `skillbox-assets` command), their types, and the runtime
 * folder every deployment serves (`pkg/runtime/`: the sandbox frame and worker modules, Pyodide,
 * QuickJS and the Wasmer SDK, the web components and the cross-origin embed page).
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { build as esbuild } from "esbuild";
import { build, type InlineConfig } from "vite";
import { embedDocumentHtml } from "../../src/embed/embedDocument.ts";
import {
  frameDocumentHtml,
  sandboxContentSecurityPolicy,
} from "../../src/sandbox/frameDocument.ts";
import { RUNTIME_LAYOUT } from "../../src/sandbox/runtimeLayout.ts";
import { WASMER_SDK_MODULES } from "../../src/sandbox/shellEngine.ts";
import { WASIX_SHELL_MANIFEST } from "../../src/sandbox/wasixShellPackage.ts";
import { writeCompiledStandardLibrary } from "./compiledStdlib.ts";
import { guestPackages } from "./guestPackages.ts";

const root = join(import.meta.dirname, "../..");
const out = join(root, "pkg");
const runtime = join(out, "runtime");

/** Runtime files copied out of node_modules, by target folder under the runtime's `vendor/`. */
const VENDOR_FILES: Readonly<Record<string, { from: string; files: string[] }>> = {
  pyodide: {
    from: "node_modules/pyodide",
    files: ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json"],
  },
  quickjs: {
    from: "node_modules/@jitl/quickjs-wasmfile-release-sync/dist",
    files: ["emscripten-module.wasm"],
  },
  wasmer: {
    from: "node_modules/@wasmer/sdk",
    files: ["pkg/wasmer_sdk_js_bg.wasm", "LICENSE"],
  },
};
/**
 * Files copied under other names: the in-browser model's engine is loaded by URL on first use,
 * so neither the library entries nor the app's first chunk carry its 270 KB.
 */
const RENAMED_FILES: readonly [from: string, to: string][] = [
  ["node_modules/@wllama/wllama/esm/index.js", RUNTIME_LAYOUT.wllama.module],
  ["node_modules/@wllama/wllama/esm/wasm/wllama.wasm", RUNTIME_LAYOUT.wllama.wasm],
  ["node_modules/@wllama/wllama/LICENCE", "vendor/wllama/LICENSE"],
  ["node_modules/@wllama/wllama-compat/wasm/wllama.js", RUNTIME_LAYOUT.wllama.compatWorker],
  ["node_modules/@wllama/wllama-compat/wasm/wllama.wasm", RUNTIME_LAYOUT.wllama.compatWasm],
];

/**
 * One browser module, every dependency inside it: workers and the frame module become blob:
 * modules that cannot import siblings, and the library entries leave an embedder nothing to
 * install but the package itself.
 */
function browserModule(entry: string, outDir: string, fileName: string): InlineConfig {
  // The runtime folder is served as it is; the library entries go through an embedder's bundler.
  const served = outDir === runtime;
  return {
    root,
    configFile: false,
    logLevel: "warn",
    plugins: [guestPackages()],
    build: {
      outDir,
      emptyOutDir: false,
      target: "es2022",
      minify: served,
      copyPublicDir: false,
      lib: { entry: join(root, entry), formats: ["es"], fileName: () => fileName },
      rolldownOptions: { output: { codeSplitting: false } },
    },
  };
}

rmSync(out, { recursive: true, force: true });
mkdirSync(runtime, { recursive: true });

const modules: [entry: string, outDir: string, fileName: string][] = [
  ["src/sandbox/frame/main.ts", runtime, RUNTIME_LAYOUT.frameModule],
  ["workers/python.worker.ts", runtime, RUNTIME_LAYOUT.workers.python],
  ["workers/javascript.worker.ts", runtime, RUNTIME_LAYOUT.workers.javascript],
  ["workers/shell.worker.ts", runtime, RUNTIME_LAYOUT.workers.shell],
  ["src/elements/embedScript.ts", runtime, RUNTIME_LAYOUT.embedScript],
  ["src/embed/embedPage.ts", runtime, RUNTIME_LAYOUT.embedModule],
  ["src/embed/client.ts", runtime, RUNTIME_LAYOUT.clientModule],
  ["src/index.ts", out, "index.js"],
  ["src/embed/client.ts", out, "client.js"],
  ["src/elements/index.ts", out, "elements.js"],
  ["src/mcp.ts", out, "mcp.js"],
];
for (const [entry, outDir, fileName] of modules) {
  await build(browserModule(entry, outDir, fileName));
}

for (const [folder, { from, files }] of Object.entries(VENDOR_FILES)) {
  const target = join(runtime, "vendor", folder);
  mkdirSync(target, { recursive: true });
  for (const file of files) cpSync(join(root, from, file), join(target, file));
}
await writeCompiledStandardLibrary(
  join(root, "node_modules/pyodide/python_stdlib.zip"),
  join(runtime, "vendor/pyodide/python_stdlib.zip"),
);
for (const [from, to] of RENAMED_FILES) {
  mkdirSync(dirname(join(runtime, to)), { recursive: true });
  cpSync(join(root, from), join(runtime, to));
}
// The Wasmer SDK as three self-contained modules, which the page hands to the sandbox as bytes
// like every worker module (the opaque-origin frame imports nothing by URL, so it works offline).
const wasmerSdk = join(root, "node_modules/@wasmer/sdk");
const wasmerEntries: [entry: string, fileName: string][] = [
  [join(root, "scripts/build/wasmerSdkEntry.ts"), WASMER_SDK_MODULES.main],
  [join(wasmerSdk, "pkg/wasmer_sdk_js.js"), WASMER_SDK_MODULES.core],
  [join(wasmerSdk, "dist/browser-worker.js"), WASMER_SDK_MODULES.thread],
];
for (const [entry, fileName] of wasmerEntries) {
  await esbuild({
    entryPoints: [entry],
    outfile: join(runtime, RUNTIME_LAYOUT.wasmer, fileName),
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    // A blob: module's URL resolves nothing relative to it; the worker sets the real URLs.
    define: { "import.meta.url": JSON.stringify("https://wasmer-sdk.invalid/dist/index.js") },
    logLevel: "warning",
  });
}
// dash and toybox for the Wasmer engine, when scripts/build-wasix-shell.sh could build them.
const wasixShell = join(root, "build/wasix-shell");
if (existsSync(join(wasixShell, WASIX_SHELL_MANIFEST))) {
  cpSync(wasixShell, join(runtime, RUNTIME_LAYOUT.wasixShell), {
    recursive: true,
    filter: (path) => !basename(path).startsWith("."),
  });
} else {
  console.warn(
    "build:package: no build/wasix-shell (scripts/build-wasix-shell.sh): the Wasmer engine has no dash and toybox in this build",
  );
}
writeFileSync(
  join(runtime, RUNTIME_LAYOUT.sandboxDocument),
  frameDocumentHtml(sandboxContentSecurityPolicy()),
);
writeFileSync(join(runtime, RUNTIME_LAYOUT.embedDocument), embedDocumentHtml());

// Node entry points: the Vite plugin and the copy command.
await esbuild({
  entryPoints: {
    vite: join(root, "src/vite/plugin.ts"),
    "skillbox-assets": join(root, "src/vite/assetsCommand.ts"),
  },
  outdir: out,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external: ["vite"],
  logLevel: "warning",
});

execFileSync("npx", ["tsc", "-p", "tsconfig.package.json"], { cwd: root, stdio: "inherit" });
