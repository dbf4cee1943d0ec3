import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  RELEASE_SYNC,
  type VmCallResult,
} from "quickjs-emscripten";
import type { WorkerInit } from "../src/sandbox/protocol";
import { skillDirectory } from "../src/tools/environment";
import { ChildProcesses } from "./javascript/childProcesses";
import { guestSource } from "./javascript/guestSource";
import { installHost, type RunState } from "./javascript/hostOperations";
import { FsError, VirtualFs } from "./javascript/virtualFs";
import { changedFiles } from "./shared/fileChanges";
import { HEAP_FLOOR_BYTES, memoryExceededNote } from "./shared/memoryBudget";
import { type ScriptEngine, startSandboxWorker } from "./shared/sandboxWorker";

/** Asset name of QuickJS's WebAssembly binary, handed in by the frame. */
export const QUICKJS_WASM_ASSET = "emscripten-module.wasm";
const MAX_STACK_BYTES = 1024 * 1024;

/** Calls `__skillbox[name](...args)` in the guest and hands back its result or error handle. */
function callGuestHandle(
  vm: QuickJSContext,
  name: string,
  ...args: unknown[]
): VmCallResult<QuickJSHandle> {
  const internals = vm.getProp(vm.global, "__skillbox");
  const fn = vm.getProp(internals, name);
  const handles = args.map((a) =>
    typeof a === "string"
      ? vm.newString(a)
      : typeof a === "number"
        ? vm.newNumber(a)
        : vm.newString(JSON.stringify(a)),
  );
  const result = vm.callFunction(fn, internals, ...handles);
  for (const h of handles) h.dispose();
  fn.dispose();
  internals.dispose();
  return result;
}

/** Calls `__skillbox[name](...args)` in the guest; returns the dumped result or the error. */
function callGuest(
  vm: QuickJSContext,
  name: string,
  ...args: unknown[]
): { value?: unknown; error?: unknown } {
  const result = callGuestHandle(vm, name, ...args);
  if (result.error) {
    const error = vm.dump(result.error);
    result.error.dispose();
    return { error };
  }
  const value = vm.dump(result.value);
  result.value.dispose();
  return { value };
}

/** A child's files, written where the script sees them; past the budget the run is ending. */
function writeBack(fs: VirtualFs, root: string, files: { path: string; data: Uint8Array }[]): void {
  try {
    for (const file of files) {
      const full = `${root}/${file.path}`;
      fs.mkdirp(full.slice(0, full.lastIndexOf("/")));
      fs.writeFile(full, file.data, false);
    }
  } catch (error) {
    if (!(error instanceof FsError)) throw error;
  }
}

function waitMs(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function bootJavaScript(init: WorkerInit): Promise<ScriptEngine> {
  const wasm = init.assets[QUICKJS_WASM_ASSET];
  // Compiled here when the frame's copy is not ready yet: handed only bytes, the Emscripten
  // loader resolves a file URL against this blob: module, which an opaque origin cannot.
  const module =
    init.compiled[QUICKJS_WASM_ASSET] ?? (wasm ? await WebAssembly.compile(wasm) : undefined);
  if (!module) throw new Error("the QuickJS WebAssembly binary was not handed in");
  const quickjs = await newQuickJSWASMModuleFromVariant(
    newVariant(RELEASE_SYNC, { wasmModule: module }),
  );
  const runtime: QuickJSRuntime = quickjs.newRuntime();
  runtime.setMaxStackSize(MAX_STACK_BYTES);
  const vm = runtime.newContext();
  let current: RunState | undefined;
  installHost(vm, () => {
    if (!current) throw new Error("no run in progress");
    return current;
  });
  const prelude = vm.evalCode(guestSource, "node:internal/prelude");
  if (prelude.error) {
    const error = vm.dump(prelude.error);
    throw new Error(`the Node prelude failed: ${JSON.stringify(error)}`);
  }
  prelude.value.dispose();
  runtime.setModuleLoader(
    (name) => {
      // The guest's own error object is thrown as it is, so a script sees Node's error code
      // (ERR_MODULE_NOT_FOUND) whether the import is static or dynamic.
      const result = callGuestHandle(vm, "moduleSource", name);
      if (result.error) return { error: result.error };
      const source = vm.getString(result.value);
      result.value.dispose();
      return source;
    },
    (base, requested) => {
      const { value, error } = callGuest(vm, "resolveImport", requested, base);
      return error
        ? { error: new Error(String((error as { message?: string }).message ?? error)) }
        : String(value);
    },
  );

  return {
    async run(request, io, interruptCell) {
      const root = skillDirectory(request.skillName);
      const limit = request.memoryLimitBytes;
      let state: RunState | undefined;
      // One budget for heap and files: the heap's cap shrinks as the files grow, and files that
      // would leave the heap less than its floor end the run.
      const fs = new VirtualFs((fileBytes) => {
        if (fileBytes <= limit - HEAP_FLOOR_BYTES) {
          runtime.setMemoryLimit(limit - fileBytes);
          return true;
        }
        if (state && !state.exiting) {
          io.note(memoryExceededNote("stopped", limit, fileBytes));
          state.exitCode ??= 1;
          state.exiting = true;
        }
        return false;
      });
      runtime.setMemoryLimit(limit);
      fs.mkdirp(root);
      for (const dir of [request.env.HOME, request.env.TMPDIR, "/tmp"]) if (dir) fs.mkdirp(dir);
      for (const dir of request.directories ?? []) fs.mkdirp(`${root}/${dir}`);
      for (const [path, data] of Object.entries(request.files)) {
        const full = `${root}/${path}`;
        fs.mkdirp(full.slice(0, full.lastIndexOf("/")));
        fs.writeFile(full, data, false);
      }
      state = {
        io,
        fs,
        timers: new Map(),
        seq: 0,
        exitCode: undefined,
        exiting: false,
        memoryLimitBytes: limit,
        stdin: request.stdin ?? new Uint8Array(0),
        children: new ChildProcesses(io, {
          root,
          exists: (path) => fs.exists(path),
          tree: () => ({ files: fs.filesUnder(root), directories: fs.directoriesUnder(root) }),
          write: (files) => writeBack(fs, root, files),
        }),
      };
      current = state;
      const interrupted = () => Atomics.load(interruptCell, 0) === 2;
      runtime.setInterruptHandler(() => state.exiting || interrupted());

      const uncaught = (error: unknown) => {
        if (state.exitCode !== undefined || interrupted()) return;
        callGuest(vm, "reportUncaught", error ?? null);
        state.exitCode = 1;
        state.exiting = true;
      };
      // Node's order after every callback: the nextTick queue, then promise jobs, again and again
      // until both are empty; then unhandled rejections are reported.
      const settle = () => {
        while (state.exitCode === undefined) {
          const ticks = callGuest(vm, "runTicks");
          if (ticks.error) uncaught(ticks.error);
          const jobs = runtime.executePendingJobs();
          let ranJobs = 0;
          if (jobs.error) {
            uncaught(vm.dump(jobs.error));
            jobs.error.dispose();
          } else {
            ranJobs = jobs.value;
          }
          if (ticks.value !== 0 || ranJobs !== 0) continue;
          const checked = callGuest(vm, "checkRejections");
          if (checked.error) uncaught(checked.error);
          if (!runtime.hasPendingJob() && callGuest(vm, "pendingTicks").value === 0) break;
        }
      };

      const started = callGuest(vm, "start", {
        argv: request.inline
          ? ["node", ...request.args]
          : ["node", `${root}/${request.scriptPath}`, ...request.args],
        env: request.env,
        cwd: request.workingDirectory ? `${root}/${request.workingDirectory}` : root,
        ...(request.inline
          ? { eval: request.inline.code }
          : { main: `${root}/${request.scriptPath}` }),
      });
      if (started.error) uncaught(started.error);
      settle();

      const { children } = state;
      while (state.exitCode === undefined && !interrupted()) {
        for (const { id, outcome } of children.takeFinished()) {
          if (state.exitCode !== undefined) break;
          const ended = callGuest(vm, "childExit", id, outcome);
          if (ended.error) uncaught(ended.error);
          settle();
        }
        const pending = [...state.timers.entries()];
        if (!pending.some(([, t]) => t.ref) && !children.pending) break;
        const timers = pending.filter(([, t]) => !t.immediate);
        const immediates = pending.filter(([, t]) => t.immediate);
        const nextDue =
          immediates.length > 0 ? performance.now() : Math.min(...timers.map(([, t]) => t.due));
        const delay = nextDue - performance.now();
        if (delay > 0) {
          // A child's end wakes the loop before the next timer is due.
          await Promise.race([
            ...(Number.isFinite(delay) ? [waitMs(delay)] : []),
            ...(children.pending ? [children.nextFinished()] : []),
          ]);
        }
        const now = performance.now();
        const due = timers
          .filter(([, t]) => t.due <= now)
          .sort(([, a], [, b]) => a.due - b.due || a.seq - b.seq);
        for (const [id] of [...due, ...immediates]) {
          if (state.exitCode !== undefined || !state.timers.has(id)) continue;
          state.timers.delete(id);
          const fired = callGuest(vm, "fire", id);
          if (fired.error) uncaught(fired.error);
          settle();
        }
      }
      // Node runs 'exit' listeners however the process ends (not when it is killed).
      if (!interrupted()) {
        state.exiting = false;
        const ended = callGuest(vm, "emitExit", state.exitCode ?? -1);
        if (typeof ended.value === "number") state.exitCode ??= ended.value;
      }
      return {
        exitCode: state.exitCode ?? 0,
        files: changedFiles(request.files, fs.filesUnder(root)),
      };
    },
  };
}

startSandboxWorker(bootJavaScript);
