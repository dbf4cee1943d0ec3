import { chooseShellEngine, SHELL_PACKAGE_ASSET } from "../src/sandbox/shellEngine";
import { startSandboxWorker } from "./shared/sandboxWorker";
import { builtinShellEngine } from "./shell/builtinEngine";
import { bootWasmerEngine } from "./shell/wasmerEngine";

startSandboxWorker(async (init) => {
  const engine = chooseShellEngine(
    init.shell,
    init.assets[SHELL_PACKAGE_ASSET] !== undefined,
    globalThis.crossOriginIsolated,
  );
  return engine === "wasmer" ? bootWasmerEngine(init) : builtinShellEngine;
});
