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
/** Pyodide files the workers cannot fetch themselves (no network); its scripts load as code. */
const PYODIDE_BYTE_ASSETS = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];
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
  if (engine === "builtin" || shellPackage === undefined) {
    return { language: "shell", files: {}, shell: { engine } };
  }
  const packageLocation: AssetLocation = isRegistryName(shellPackage)
    ? () => downloadRegistryPackage(shellPackage, registry)
    : shellPackage;
  return {
    language: "shell",
    files: { [WASMER_SDK_WASM_ASSET]: WASMER_SDK_WASM_URL, [SHELL_PACKAGE_ASSET]: packageLocation },
    shell: { engine, command },
  };
}

/** Where the page fetches each runtime's asset bytes, all from its own origin. */
export function runtimeAssetSources(options: RuntimeAssetOptions = {}): RuntimeAssetSource[] {
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
    shellAssetSource(options.shell),
  ];
}
