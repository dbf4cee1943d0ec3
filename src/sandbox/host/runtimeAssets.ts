import javascriptWorkerUrl from "../../../workers/javascript.worker.ts?worker&url";
import pythonWorkerUrl from "../../../workers/python.worker.ts?worker&url";
import shellWorkerUrl from "../../../workers/shell.worker.ts?worker&url";
import { WORKER_MODULE } from "../frame/frameApi";
import {
  isRegistryName,
  SHELL_PACKAGE_ASSET,
  type ShellEngineConfig,
  shellEngineConfigSchema,
  WASMER_SDK_WASM_ASSET,
} from "../shellEngine";
import type { AssetLocation, RuntimeAssetSource } from "./sandboxHost";
import { downloadRegistryPackage } from "./wasmerRegistry";

const PYODIDE_BASE = "/vendor/pyodide/";
/** Pyodide's files, fetched by the page and handed in as bytes (the workers have no network). */
const PYODIDE_BYTE_ASSETS = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];
/** Pyodide's modules, imported by the Python worker from blob: URLs of their bytes. */
const PYODIDE_MODULES = ["pyodide.mjs", "pyodide.asm.mjs"];
const QUICKJS_WASM = "emscripten-module.wasm";
const WASMER_SDK_WASM_URL = "/vendor/wasmer/pkg/wasmer_sdk_js_bg.wasm";

export interface RuntimeAssetOptions {
  /** How `.sh` scripts run; the built-in engine when absent. */
  shell?: ShellEngineConfig;
}

/**
 * The shell runtime's assets: none for the built-in engine (just-bash is bundled into its
 * worker); the Wasmer SDK's module and the shell package when a package is configured.
 */
function shellAssetSource(config: ShellEngineConfig | undefined): RuntimeAssetSource {
  const {
    engine,
    package: shellPackage,
    command,
    registry,
  } = shellEngineConfigSchema.parse(config ?? {});
  const base = {
    language: "shell",
    modules: { [WORKER_MODULE]: shellWorkerUrl },
    assetBaseUrl: "/vendor/wasmer/",
    compile: [],
  } as const;
  if (engine === "builtin" || shellPackage === undefined) {
    return { ...base, files: {}, shell: { engine } };
  }
  const packageLocation: AssetLocation = isRegistryName(shellPackage)
    ? () => downloadRegistryPackage(shellPackage, registry)
    : shellPackage;
  return {
    ...base,
    files: { [WASMER_SDK_WASM_ASSET]: WASMER_SDK_WASM_URL, [SHELL_PACKAGE_ASSET]: packageLocation },
    shell: { engine, command },
  };
}

/** Where the page fetches each runtime's asset bytes, all from its own origin. */
export function runtimeAssetSources(options: RuntimeAssetOptions = {}): RuntimeAssetSource[] {
  return [
    {
      language: "python",
      modules: {
        [WORKER_MODULE]: pythonWorkerUrl,
        ...Object.fromEntries(PYODIDE_MODULES.map((name) => [name, `${PYODIDE_BASE}${name}`])),
      },
      files: Object.fromEntries(
        PYODIDE_BYTE_ASSETS.map((name) => [name, `${PYODIDE_BASE}${name}`]),
      ),
      assetBaseUrl: PYODIDE_BASE,
      compile: ["pyodide.asm.wasm"],
      snapshots: true,
    },
    {
      language: "javascript",
      modules: { [WORKER_MODULE]: javascriptWorkerUrl },
      files: { [QUICKJS_WASM]: `/vendor/quickjs/${QUICKJS_WASM}` },
      assetBaseUrl: "/vendor/quickjs/",
      compile: [QUICKJS_WASM],
    },
    shellAssetSource(options.shell),
  ];
}
