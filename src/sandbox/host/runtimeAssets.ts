import { PRELOAD_ASSET } from "../../python/preloadBundle";
import { hasSharedMemory } from "../features";
import { WORKER_MODULE } from "../frame/frameApi";
import { RUNTIME_LAYOUT } from "../runtimeLayout";
import {
  isRegistryName,
  SHELL_PACKAGE_ASSET,
  type ShellEngineConfig,
  shellEngineConfigSchema,
  WASMER_SDK_MODULES,
  WASMER_SDK_WASM_ASSET,
} from "../shellEngine";
import { fetchWasixShell } from "../wasixShellPackage";
import type { AssetLocation, RuntimeAssetSource } from "./sandboxHost";
import { downloadRegistryPackage } from "./wasmerRegistry";

/** Pyodide's files, fetched by the page and handed in as bytes (the workers have no network). */
const PYODIDE_BYTE_ASSETS = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];
/** Pyodide's modules, imported by the Python worker from blob: URLs of their bytes. */
const PYODIDE_MODULES = ["pyodide.mjs", "pyodide.asm.mjs"];
const QUICKJS_WASM = "emscripten-module.wasm";
const WASMER_SDK_WASM = "pkg/wasmer_sdk_js_bg.wasm";

export interface RuntimeAssetOptions {
  /** The runtime folder's URL (absolute, or relative to the page); ends with `/`. */
  assetsUrl: string;
  /** How `.sh` scripts run; the built-in engine when absent. */
  shell?: ShellEngineConfig;
  /** Python packages to import into the memory snapshot ({@link PRELOAD_ASSET}). */
  pythonPreload?: AssetLocation;
}

/**
 * The shell runtime's assets: none for the built-in engine (just-bash is bundled into its
 * worker); otherwise the Wasmer SDK's modules and wasm and the shell package: the configured
 * one, or the runtime folder's dash and toybox (empty when the build has none, and then `auto`
 * boots the built-in engine).
 */
function shellAssetSource(
  at: (path: string) => string,
  config: ShellEngineConfig | undefined,
): RuntimeAssetSource {
  const {
    engine,
    package: shellPackage,
    command,
    registry,
  } = shellEngineConfigSchema.parse(config ?? {});
  const base = {
    language: "shell",
    modules: { [WORKER_MODULE]: at(RUNTIME_LAYOUT.workers.shell) },
    assetBaseUrl: at(RUNTIME_LAYOUT.wasmer),
    compile: [],
  } as const;
  // Without SharedArrayBuffer (a page that is not cross-origin isolated, or WebKit) the Wasmer
  // engine cannot run, so `auto` does not fetch dash and toybox there.
  if (
    engine === "builtin" ||
    (engine === "auto" && shellPackage === undefined && !hasSharedMemory())
  ) {
    return { ...base, files: {}, shell: { engine } };
  }
  const packageLocation: AssetLocation =
    shellPackage === undefined
      ? () => fetchWasixShell(at(RUNTIME_LAYOUT.wasixShell))
      : isRegistryName(shellPackage)
        ? () => downloadRegistryPackage(shellPackage, registry)
        : shellPackage;
  return {
    ...base,
    modules: {
      ...base.modules,
      ...Object.fromEntries(
        Object.values(WASMER_SDK_MODULES).map((name) => [
          name,
          at(`${RUNTIME_LAYOUT.wasmer}${name}`),
        ]),
      ),
    },
    files: {
      [WASMER_SDK_WASM_ASSET]: at(`${RUNTIME_LAYOUT.wasmer}${WASMER_SDK_WASM}`),
      [SHELL_PACKAGE_ASSET]: packageLocation,
    },
    shell: { engine, command },
  };
}

/** Where the page fetches each runtime's asset bytes: all under the runtime folder. */
export function runtimeAssetSources(options: RuntimeAssetOptions): RuntimeAssetSource[] {
  const base = new URL(options.assetsUrl, globalThis.location?.href);
  const at = (path: string) => new URL(path, base).href;
  const pyodide = (name: string) => at(`${RUNTIME_LAYOUT.pyodide}${name}`);
  return [
    {
      language: "python",
      modules: {
        [WORKER_MODULE]: at(RUNTIME_LAYOUT.workers.python),
        ...Object.fromEntries(PYODIDE_MODULES.map((name) => [name, pyodide(name)])),
      },
      files: {
        ...Object.fromEntries(PYODIDE_BYTE_ASSETS.map((name) => [name, pyodide(name)])),
        ...(options.pythonPreload ? { [PRELOAD_ASSET]: options.pythonPreload } : {}),
      },
      assetBaseUrl: at(RUNTIME_LAYOUT.pyodide),
      compile: ["pyodide.asm.wasm"],
      snapshots: true,
      snapshotInputs: options.pythonPreload ? [PRELOAD_ASSET] : [],
    },
    {
      language: "javascript",
      modules: { [WORKER_MODULE]: at(RUNTIME_LAYOUT.workers.javascript) },
      files: { [QUICKJS_WASM]: at(`${RUNTIME_LAYOUT.quickjs}${QUICKJS_WASM}`) },
      assetBaseUrl: at(RUNTIME_LAYOUT.quickjs),
      compile: [QUICKJS_WASM],
    },
    shellAssetSource(at, options.shell),
  ];
}

/** Everything a sandbox host loads, from the runtime folder at `assetsUrl`. */
export function sandboxAssets(options: RuntimeAssetOptions): {
  frameModuleUrl: string;
  runtimes: RuntimeAssetSource[];
} {
  return {
    frameModuleUrl: new URL(
      RUNTIME_LAYOUT.frameModule,
      new URL(options.assetsUrl, globalThis.location?.href),
    ).href,
    runtimes: runtimeAssetSources(options),
  };
}
