import { md5, sha1 } from "@noble/hashes/legacy.js";
import { sha224, sha256, sha384, sha512 } from "@noble/hashes/sha2.js";
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
import { crc32Update } from "../src/skills/crc32";
import { skillDirectory } from "../src/tools/environment";
import { ChildProcesses } from "./javascript/childProcesses";
import { guestSource } from "./javascript/guestSource";
import { intlCall } from "./javascript/intlBridge";
import { describeFsError, FsError, VirtualFs } from "./javascript/virtualFs";
import { zlibTransform } from "./javascript/zlibBridge";
import { changedFiles } from "./shared/fileChanges";
import { HEAP_FLOOR_BYTES, memoryExceededNote } from "./shared/memoryBudget";
import { type RunIo, type ScriptEngine, startSandboxWorker } from "./shared/sandboxWorker";

/** Asset name of QuickJS's WebAssembly binary, handed in by the frame. */
export const QUICKJS_WASM_ASSET = "emscripten-module.wasm";
const MAX_STACK_BYTES = 1024 * 1024;

const HASHES: Readonly<Record<string, (data: Uint8Array) => Uint8Array>> = {
  md5,
  sha1,
  sha224,
  sha256,
  sha384,
  sha512,
};

interface Timer {
  due: number;
  seq: number;
  immediate: boolean;
  ref: boolean;
}

/** What one run's host functions act on. */
interface RunState {
  io: RunIo;
  fs: VirtualFs;
  timers: Map<number, Timer>;
  seq: number;
  exitCode: number | undefined;
  /** True from `process.exit()` until the 'exit' listeners run: stops the guest where it is. */
  exiting: boolean;
  /** The run's memory budget: also the most one host-side inflate may produce. */
  memoryLimitBytes: number;
  /** What the script reads on standard input (a child process's input from its parent). */
  stdin: Uint8Array;
  children: ChildProcesses;
}

/**
 * A version 4 UUID from getRandomValues: crypto.randomUUID needs a secure context, which the
 * opaque-origin sandbox is not.
 */
function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function hmacDigest(
  hash: (data: Uint8Array) => Uint8Array,
  key: Uint8Array,
  data: Uint8Array,
): Uint8Array {
  const blockSize = hash === HASHES.sha384 || hash === HASHES.sha512 ? 128 : 64;
  const shortKey = key.length > blockSize ? hash(key) : key;
  const padded = new Uint8Array(blockSize);
  padded.set(shortKey);
  const inner = new Uint8Array(blockSize + data.length);
  const outer = new Uint8Array(blockSize + 64);
  for (let i = 0; i < blockSize; i++) {
    inner[i] = padded[i]! ^ 0x36;
    outer[i] = padded[i]! ^ 0x5c;
  }
  inner.set(data, blockSize);
  const innerHash = hash(inner);
  return hash(new Uint8Array([...outer.subarray(0, blockSize), ...innerHash]));
}

const utf8 = new TextEncoder();
const utf8Decoder = new TextDecoder();

function bytesArg(vm: QuickJSContext, handle: QuickJSHandle | undefined): Uint8Array {
  if (!handle) return new Uint8Array(0);
  const lifetime = vm.getArrayBuffer(handle);
  const copy = lifetime.value.slice();
  lifetime.dispose();
  return copy;
}

/**
 * Installs `__host(op, ...args)`: the guest's only door out of QuickJS, onto the run's virtual
 * files, its output streams and a few pure services (hashing, UTF-8, URL parsing).
 */
function installHost(vm: QuickJSContext, state: () => RunState): void {
  const fn = vm.newFunction(
    "__host",
    (opHandle, ...argHandles): VmCallResult<QuickJSHandle> | QuickJSHandle => {
      const op = vm.getString(opHandle);
      const arg = (i: number): unknown => (argHandles[i] ? vm.dump(argHandles[i]) : undefined);
      const str = (i: number) => String(arg(i));
      // Pure services work at any time (the prelude uses them at boot); files, output and timers
      // belong to a run.
      const run = () => state();
      const json = (value: unknown) => vm.newString(JSON.stringify(value));
      try {
        switch (op) {
          case "write": {
            (arg(0) === 2 ? run().io.stderr : run().io.stdout).write(str(1));
            return vm.undefined;
          }
          case "readFile":
            return vm.newArrayBuffer(run().fs.readFile(str(0)).slice().buffer);
          case "writeFile":
            run().fs.writeFile(
              str(0),
              bytesArg(vm, argHandles[1]),
              arg(2) === true,
              arg(3) === true,
            );
            return vm.undefined;
          case "stat":
            return json(run().fs.stat(str(0)));
          case "exists":
            return run().fs.exists(str(0)) ? vm.true : vm.false;
          case "readdir":
            return json(run().fs.readdir(str(0)));
          case "mkdir":
            return run().fs.mkdir(str(0), arg(1) === true) ? vm.true : vm.false;
          case "rm":
            run().fs.rm(str(0), arg(1) === true, arg(2) === true);
            return vm.undefined;
          case "unlink":
            run().fs.unlink(str(0));
            return vm.undefined;
          case "rmdir":
            run().fs.rmdir(str(0), arg(1) === true);
            return vm.undefined;
          case "rename":
            run().fs.rename(str(0), str(1));
            return vm.undefined;
          case "copyFile":
            run().fs.copyFile(str(0), str(1));
            return vm.undefined;
          case "utf8Encode":
            return vm.newArrayBuffer(utf8.encode(str(0)).buffer);
          case "utf8Decode":
            return vm.newString(utf8Decoder.decode(bytesArg(vm, argHandles[0])));
          case "hash": {
            const hash = HASHES[str(0)];
            if (!hash) return { error: vm.newError(`Digest method not supported: ${str(0)}`) };
            return vm.newArrayBuffer(hash(bytesArg(vm, argHandles[1])).slice().buffer);
          }
          case "randomBytes": {
            const size = checkedRandomSize(Number(arg(0)));
            // Made outside QuickJS's heap, then copied in: a size the run's budget cannot hold
            // is refused before it costs the worker anything (a loop of 2 GiB requests held
            // 6.5 GB before each copy failed).
            const { memoryLimitBytes, fs } = run();
            if (size > memoryLimitBytes - fs.bytes) {
              return { error: vm.newError({ name: "InternalError", message: "out of memory" }) };
            }
            return vm.newArrayBuffer(randomBytes(size).buffer);
          }
          case "randomUUID":
            return vm.newString(randomUuid());
          case "hmac": {
            const hash = HASHES[str(0)];
            if (!hash) return { error: vm.newError(`Invalid digest: ${str(0)}`) };
            return vm.newArrayBuffer(
              hmacDigest(hash, bytesArg(vm, argHandles[1]), bytesArg(vm, argHandles[2])).slice()
                .buffer,
            );
          }
          case "promiseState": {
            const state = vm.getPromiseState(argHandles[0]!);
            const result = vm.newObject();
            vm.setProp(result, "state", vm.newString(state.type));
            if (state.type === "fulfilled") {
              vm.setProp(result, "result", state.value);
              state.value.dispose();
            } else if (state.type === "rejected") {
              vm.setProp(result, "result", state.error);
              state.error.dispose();
            }
            return result;
          }
          case "urlParse": {
            const base = arg(1);
            const url = base === undefined ? new URL(str(0)) : new URL(str(0), String(base));
            return json({
              href: url.href,
              protocol: url.protocol,
              username: url.username,
              password: url.password,
              host: url.host,
              hostname: url.hostname,
              port: url.port,
              pathname: url.pathname,
              search: url.search,
              hash: url.hash,
              origin: url.origin,
            });
          }
          case "intl":
            return json(
              intlCall(str(0), JSON.parse(str(1)), JSON.parse(str(2)), str(3), JSON.parse(str(4))),
            );
          case "zlib":
            return vm.newArrayBuffer(
              zlibTransform(
                str(0),
                str(1),
                bytesArg(vm, argHandles[2]),
                Number(arg(3)),
                Math.min(Number(arg(4)) || Number.POSITIVE_INFINITY, run().memoryLimitBytes),
              ).slice().buffer,
            );
          case "crc32":
            return vm.newNumber(crc32Update(Number(arg(1)) >>> 0, bytesArg(vm, argHandles[0])));
          case "now":
            return vm.newNumber(performance.now());
          case "timer": {
            const id = Number(arg(0));
            const immediate = arg(2) === true;
            run().timers.set(id, {
              // From the moment it is set, as Node counts (not from the loop turn's start).
              due: performance.now() + Math.max(1, Number(arg(1)) || 0),
              seq: ++run().seq,
              immediate,
              ref: true,
            });
            return vm.undefined;
          }
          case "clearTimer":
            run().timers.delete(Number(arg(0)));
            return vm.undefined;
          case "refTimer": {
            const timer = run().timers.get(Number(arg(0)));
            if (timer) timer.ref = arg(1) === true;
            return vm.undefined;
          }
          case "exit":
            run().exitCode ??= Number(arg(0)) & 0xff;
            run().exiting = true;
            return vm.undefined;
          case "stdin":
            return vm.newArrayBuffer(run().stdin.slice().buffer);
          case "childRunSync": {
            const outcome = run().children.runSync(str(0), bytesArg(vm, argHandles[1]));
            return outcome ? json(outcome) : vm.null;
          }
          case "childStart":
            return run().children.start(Number(arg(0)), str(1), bytesArg(vm, argHandles[2]))
              ? vm.true
              : vm.false;
          case "compile": {
            const result = vm.evalCode(str(0), str(1));
            return result.error ? { error: result.error } : result.value;
          }
          case "evalModule": {
            const result = vm.evalCode(str(0), str(1), { type: "module" });
            return result.error ? { error: result.error } : result.value;
          }
          default:
            return { error: vm.newError(`unknown host operation ${op}`) };
        }
      } catch (error) {
        if (error instanceof FsError) {
          const { message, errno } = describeFsError(error);
          const handle = vm.newError(message);
          vm.setProp(handle, "code", vm.newString(error.code));
          vm.setProp(handle, "errno", vm.newNumber(errno));
          vm.setProp(handle, "syscall", vm.newString(error.syscall));
          vm.setProp(handle, "path", vm.newString(error.path));
          if (error.dest !== undefined) vm.setProp(handle, "dest", vm.newString(error.dest));
          return { error: handle };
        }
        const handle = vm.newError(error instanceof Error ? error.message : String(error));
        if (error instanceof TypeError || error instanceof RangeError)
          vm.setProp(handle, "name", vm.newString(error.name));
        const code = (error as { code?: unknown }).code;
        if (typeof code === "string") vm.setProp(handle, "code", vm.newString(code));
        return { error: handle };
      }
    },
  );
  vm.setProp(vm.global, "__host", fn);
  fn.dispose();
}

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

/** Node's largest `crypto.randomBytes` size. */
const MAX_RANDOM_BYTES = 2 ** 31 - 1;
/** `crypto.getRandomValues` fills at most this much per call. */
const RANDOM_CHUNK_BYTES = 65_536;

/** `size` if Node's `randomBytes` takes it; Node's RangeError otherwise. */
function checkedRandomSize(size: number): number {
  if (!Number.isInteger(size) || size < 0 || size > MAX_RANDOM_BYTES) {
    throw new RangeError(
      `The value of "size" is out of range. It must be >= 0 && <= ${MAX_RANDOM_BYTES}. Received ${size}`,
    );
  }
  return size;
}

function randomBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let at = 0; at < size; at += RANDOM_CHUNK_BYTES) {
    crypto.getRandomValues(bytes.subarray(at, at + RANDOM_CHUNK_BYTES));
  }
  return bytes;
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
