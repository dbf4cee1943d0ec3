import { z } from "../zod.ts";

/** `namespace/name` with an optional `@version` (a semver range), as the Wasmer registry names. */
const REGISTRY_NAME = /^[a-z0-9][a-z0-9_-]*\/[a-z0-9][a-z0-9_.-]*(@[0-9A-Za-z.^~<>=*+-]+)?$/;
export const DEFAULT_WASMER_REGISTRY = "https://registry.wasmer.io/graphql";

/**
 * How a deployment runs `.sh` scripts (docs/runtimes.md). `auto` uses the Wasmer engine
 * where the page is cross-origin isolated and a shell package is at hand (the configured one, or
 * the runtime folder's dash and toybox), the built-in engine (just-bash) otherwise; `wasmer`
 * insists on Wasmer and fails loudly where it cannot run.
 */
export const shellEngineConfigSchema = z
  .object({
    engine: z.enum(["auto", "builtin", "wasmer"]).default("auto"),
    /**
     * The WASIX shell package: a path on the app's own origin (or an http(s) URL) of a `.webc`
     * or a raw WASI/WASIX `.wasm` command, for offline use; or a Wasmer registry name such as
     * `wasmer/bash@1.0.24`, which the page downloads when the sandbox starts (online only).
     * Without one, the `wasmer` engine runs dash and toybox from the runtime folder.
     */
    package: z
      .string()
      .min(1)
      .refine(
        (value) =>
          value.startsWith("/") || /^https?:\/\//i.test(value) || REGISTRY_NAME.test(value),
        { message: "must be a path on the app's origin, an http(s) URL or a registry name" },
      )
      .optional(),
    /** GraphQL endpoint of the registry that registry names are looked up in. */
    registry: z.url({ protocol: /^https?$/ }).default(DEFAULT_WASMER_REGISTRY),
    /** Command of the package that runs `COMMAND SCRIPT ARGS…`; default: its entrypoint. */
    command: z.string().min(1).optional(),
  })
  .strict();

export type ShellEngineConfig = z.input<typeof shellEngineConfigSchema>;

export function isRegistryName(value: string): boolean {
  return REGISTRY_NAME.test(value);
}

/** What the shell worker is told; the package itself arrives as bytes under {@link SHELL_PACKAGE_ASSET}. */
export interface ShellEngineSettings {
  engine: "auto" | "builtin" | "wasmer";
  command?: string;
}

/** Asset names under which the page hands the shell worker its Wasmer files. */
export const SHELL_PACKAGE_ASSET = "shell-package";
export const WASMER_SDK_WASM_ASSET = "wasmer_sdk_js_bg.wasm";

/**
 * The Wasmer SDK's modules, bundled self-contained by the package build into the runtime folder
 * and handed to the shell worker as module code under these names: the SDK the worker imports,
 * the wasm-bindgen core each of its thread workers imports, and the thread workers' own script.
 */
export const WASMER_SDK_MODULES = {
  main: "wasmer-sdk.js",
  core: "wasmer-sdk-core.js",
  thread: "wasmer-sdk-thread.js",
} as const;

export type ShellEngineName = "builtin" | "wasmer";

/** The engine the frame chose for a shell worker, and the package command to run. */
export interface ShellEngineChoice {
  engine: ShellEngineName;
  command?: string;
}

/**
 * Which engine a shell worker boots. A Wasmer engine needs its package and SharedArrayBuffer
 * (a cross-origin-isolated page in a browser that has it); `auto` falls back to the built-in
 * engine without them.
 */
export function chooseShellEngine(
  settings: ShellEngineSettings | undefined,
  hasPackage: boolean,
  sharedMemory: boolean,
): ShellEngineName {
  const engine = settings?.engine ?? "auto";
  if (engine === "builtin") return "builtin";
  if (!hasPackage) {
    if (engine === "wasmer") {
      throw new Error(
        "the wasmer shell engine has no package: none is configured and this build has no dash and toybox (scripts/build-wasix-shell.sh)",
      );
    }
    return "builtin";
  }
  if (!sharedMemory) {
    if (engine === "wasmer") {
      throw new Error(
        "the wasmer shell engine needs SharedArrayBuffer: a cross-origin-isolated page (COOP/COEP headers) in a browser that offers it",
      );
    }
    return "builtin";
  }
  return "wasmer";
}
