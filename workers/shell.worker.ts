import { startSandboxWorker } from "./shared/sandboxWorker";
import { bootBuiltinShellEngine } from "./shell/builtinEngine";
import { bootWasmerEngine } from "./shell/wasmerEngine";

// The frame has chosen the engine (see chooseShellEngine); the worker boots what it was told.
startSandboxWorker(async (init, post) =>
  init.shell?.engine === "wasmer" ? bootWasmerEngine(init, post) : bootBuiltinShellEngine(),
);
