import { cbc, ctr, ecb, gcm } from "@noble/ciphers/aes.js";
import { md5, sha1 } from "@noble/hashes/legacy.js";
import { sha224, sha256, sha384, sha512 } from "@noble/hashes/sha2.js";
import type { QuickJSContext, QuickJSHandle, VmCallResult } from "quickjs-emscripten";
import { crc32Update } from "../../src/skills/crc32";
import type { RunIo } from "../shared/sandboxWorker";
import type { ChildProcesses } from "./childProcesses";
import { HOST_OPERATION_NAMES, type HostOperationName } from "./hostOperationNames";
import { intlCall } from "./intlBridge";
import { describeFsError, FsError, type VirtualFs } from "./virtualFs";
import { zlibTransform } from "./zlibBridge";

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
export interface RunState {
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

/** What a host operation gets: its arguments, read as it needs them, and the run it acts on. */
interface HostCall {
  vm: QuickJSContext;
  /** The arguments as handles, for an operation that takes a guest value as it is. */
  args: readonly QuickJSHandle[];
  /** Argument `index` copied out of the guest (undefined where it was not passed). */
  arg(index: number): unknown;
  str(index: number): string;
  /** Argument `index`, an ArrayBuffer, copied out (empty where it was not passed). */
  bytes(index: number): Uint8Array;
  /** `value` as a JSON string handle, which the guest parses. */
  json(value: unknown): QuickJSHandle;
  /** The run in progress: files, output and timers belong to a run. */
  run(): RunState;
}

type HostOperation = (call: HostCall) => QuickJSHandle | VmCallResult<QuickJSHandle>;

/** Every host operation by name: the type makes it implement exactly {@link HOST_OPERATION_NAMES}. */
const HOST_OPERATIONS: { readonly [Name in HostOperationName]: HostOperation } = {
  write: ({ vm, arg, str, run }) => {
    (arg(0) === 2 ? run().io.stderr : run().io.stdout).write(str(1));
    return vm.undefined;
  },
  readFile: ({ vm, str, run }) => {
    return vm.newArrayBuffer(run().fs.readFile(str(0)).slice().buffer);
  },
  writeFile: ({ vm, arg, str, bytes, run }) => {
    run().fs.writeFile(str(0), bytes(1), arg(2) === true, arg(3) === true);
    return vm.undefined;
  },
  stat: ({ str, json, run }) => {
    return json(run().fs.stat(str(0)));
  },
  statfs: ({ json, run }) => {
    const { memoryLimitBytes, fs } = run();
    return json({ totalBytes: memoryLimitBytes, usedBytes: fs.bytes });
  },
  exists: ({ vm, str, run }) => {
    return run().fs.exists(str(0)) ? vm.true : vm.false;
  },
  readdir: ({ str, json, run }) => {
    return json(run().fs.readdir(str(0)));
  },
  mkdir: ({ vm, arg, str, run }) => {
    return run().fs.mkdir(str(0), arg(1) === true) ? vm.true : vm.false;
  },
  rm: ({ vm, arg, str, run }) => {
    run().fs.rm(str(0), arg(1) === true, arg(2) === true);
    return vm.undefined;
  },
  unlink: ({ vm, str, run }) => {
    run().fs.unlink(str(0));
    return vm.undefined;
  },
  rmdir: ({ vm, arg, str, run }) => {
    run().fs.rmdir(str(0), arg(1) === true);
    return vm.undefined;
  },
  rename: ({ vm, str, run }) => {
    run().fs.rename(str(0), str(1));
    return vm.undefined;
  },
  copyFile: ({ vm, str, run }) => {
    run().fs.copyFile(str(0), str(1));
    return vm.undefined;
  },
  utf8Encode: ({ vm, str }) => {
    return vm.newArrayBuffer(utf8.encode(str(0)).buffer);
  },
  utf8Decode: ({ vm, bytes }) => {
    return vm.newString(utf8Decoder.decode(bytes(0)));
  },
  hash: ({ vm, str, bytes }) => {
    const hash = HASHES[str(0)];
    if (!hash) return { error: vm.newError(`Digest method not supported: ${str(0)}`) };
    return vm.newArrayBuffer(hash(bytes(1)).slice().buffer);
  },
  randomBytes: ({ vm, arg, run }) => {
    const size = checkedRandomSize(Number(arg(0)));
    // Made outside QuickJS's heap, then copied in: a size the run's budget cannot hold
    // is refused before it costs the worker anything (a loop of 2 GiB requests held
    // 6.5 GB before each copy failed).
    const { memoryLimitBytes, fs } = run();
    if (size > memoryLimitBytes - fs.bytes) {
      return { error: vm.newError({ name: "InternalError", message: "out of memory" }) };
    }
    return vm.newArrayBuffer(randomBytes(size).buffer);
  },
  randomUUID: ({ vm }) => {
    return vm.newString(randomUuid());
  },
  hmac: ({ vm, str, bytes }) => {
    const hash = HASHES[str(0)];
    if (!hash) return { error: vm.newError(`Invalid digest: ${str(0)}`) };
    return vm.newArrayBuffer(hmacDigest(hash, bytes(1), bytes(2)).slice().buffer);
  },
  aes: ({ vm, str, bytes, arg }) => {
    const mode = str(0);
    const key = bytes(1);
    const cipher =
      mode === "ecb"
        ? ecb(key, { disablePadding: true })
        : mode === "cbc"
          ? cbc(key, bytes(2), { disablePadding: true })
          : mode === "ctr"
            ? ctr(key, bytes(2))
            : undefined;
    if (!cipher) return { error: vm.newError(`unknown AES mode ${mode}`) };
    const data = bytes(3);
    const out = arg(4) === true ? cipher.decrypt(data) : cipher.encrypt(data);
    return vm.newArrayBuffer(out.slice().buffer);
  },
  aesGcmTag: ({ vm, bytes }) => {
    const sealed = gcm(bytes(0), bytes(1), bytes(2)).encrypt(bytes(3));
    return vm.newArrayBuffer(sealed.slice(sealed.length - 16).buffer);
  },
  promiseState: ({ vm, args }) => {
    const state = vm.getPromiseState(args[0]!);
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
  },
  urlParse: ({ arg, str, json }) => {
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
  },
  intl: ({ str, json }) => {
    return json(
      intlCall(str(0), JSON.parse(str(1)), JSON.parse(str(2)), str(3), JSON.parse(str(4))),
    );
  },
  zlib: ({ vm, arg, str, bytes, run }) => {
    return vm.newArrayBuffer(
      zlibTransform(
        str(0),
        str(1),
        bytes(2),
        Number(arg(3)),
        Math.min(Number(arg(4)) || Number.POSITIVE_INFINITY, run().memoryLimitBytes),
      ).slice().buffer,
    );
  },
  crc32: ({ vm, arg, bytes }) => {
    return vm.newNumber(crc32Update(Number(arg(1)) >>> 0, bytes(0)));
  },
  now: ({ vm }) => {
    return vm.newNumber(performance.now());
  },
  timer: ({ vm, arg, run }) => {
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
  },
  clearTimer: ({ vm, arg, run }) => {
    run().timers.delete(Number(arg(0)));
    return vm.undefined;
  },
  refTimer: ({ vm, arg, run }) => {
    const timer = run().timers.get(Number(arg(0)));
    if (timer) timer.ref = arg(1) === true;
    return vm.undefined;
  },
  exit: ({ vm, arg, run }) => {
    run().exitCode ??= Number(arg(0)) & 0xff;
    run().exiting = true;
    return vm.undefined;
  },
  stdin: ({ vm, run }) => {
    return vm.newArrayBuffer(run().stdin.slice().buffer);
  },
  childRunSync: ({ vm, str, bytes, json, run }) => {
    const outcome = run().children.runSync(str(0), bytes(1));
    return outcome ? json(outcome) : vm.null;
  },
  childStart: ({ vm, arg, str, bytes, run }) => {
    return run().children.start(Number(arg(0)), str(1), bytes(2)) ? vm.true : vm.false;
  },
  compile: ({ vm, str }) => {
    const result = vm.evalCode(str(0), str(1));
    return result.error ? { error: result.error } : result.value;
  },
  evalModule: ({ vm, str }) => {
    const result = vm.evalCode(str(0), str(1), { type: "module" });
    return result.error ? { error: result.error } : result.value;
  },
};

const isHostOperation = (op: string): op is HostOperationName =>
  (HOST_OPERATION_NAMES as readonly string[]).includes(op);

/** A host-side failure as the guest's error: a file error with Node's code, errno and path. */
function guestError(vm: QuickJSContext, error: unknown): QuickJSHandle {
  if (error instanceof FsError) {
    const { message, errno } = describeFsError(error);
    const handle = vm.newError(message);
    vm.setProp(handle, "code", vm.newString(error.code));
    vm.setProp(handle, "errno", vm.newNumber(errno));
    vm.setProp(handle, "syscall", vm.newString(error.syscall));
    vm.setProp(handle, "path", vm.newString(error.path));
    if (error.dest !== undefined) vm.setProp(handle, "dest", vm.newString(error.dest));
    return handle;
  }
  const handle = vm.newError(error instanceof Error ? error.message : String(error));
  if (error instanceof TypeError || error instanceof RangeError)
    vm.setProp(handle, "name", vm.newString(error.name));
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") vm.setProp(handle, "code", vm.newString(code));
  return handle;
}

/**
 * Installs `__host(op, ...args)`: the guest's only door out of QuickJS, onto the run's virtual
 * files, its output streams and a few pure services (hashing, UTF-8, URL parsing).
 */
export function installHost(vm: QuickJSContext, state: () => RunState): void {
  const fn = vm.newFunction(
    "__host",
    (opHandle, ...argHandles): VmCallResult<QuickJSHandle> | QuickJSHandle => {
      const op = vm.getString(opHandle);
      if (!isHostOperation(op)) return { error: vm.newError(`unknown host operation ${op}`) };
      const arg = (index: number): unknown =>
        argHandles[index] ? vm.dump(argHandles[index]) : undefined;
      const call: HostCall = {
        vm,
        args: argHandles,
        arg,
        str: (index) => String(arg(index)),
        bytes: (index) => bytesArg(vm, argHandles[index]),
        json: (value) => vm.newString(JSON.stringify(value)),
        // Pure services work at any time (the prelude uses them at boot); files, output and
        // timers belong to a run.
        run: state,
      };
      try {
        return HOST_OPERATIONS[op](call);
      } catch (error) {
        return { error: guestError(vm, error) };
      }
    },
  );
  vm.setProp(vm.global, "__host", fn);
  fn.dispose();
}
