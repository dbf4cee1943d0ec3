// Guest side of the Node surface: runs inside QuickJS. Everything here is the script's own VM;
// the only way out is __host(op, ...args), implemented by the worker.

const host = globalThis.__host;
delete globalThis.__host;

/** Thrown to unwind the stack after process.exit(); the worker stops the VM right after. */
class ExitSignal {
  constructor(code) {
    this.code = code;
  }
}

const builtinFactories = Object.create(null);
const builtinCache = Object.create(null);

/** Node modules the sandbox does not offer, and why: a script gets a clear error, not a guess. */
const UNAVAILABLE = new Map([
  ...["child_process", "cluster", "worker_threads"].map((name) => [
    name,
    "no processes or threads",
  ]),
  ...["dgram", "dns", "http", "http2", "https", "net", "tls"].map((name) => [name, "no network"]),
  ...["inspector", "vm", "v8"].map((name) => [name, "no engine internals"]),
  ...[
    "stream",
    "zlib",
    "readline",
    "tty",
    "perf_hooks",
    "async_hooks",
    "diagnostics_channel",
    "repl",
    "domain",
    "punycode",
    "trace_events",
    "wasi",
    "sqlite",
    "test",
  ].map((name) => [name, "not implemented in the sandbox's Node surface"]),
]);

function unavailable(name) {
  const error = new Error(
    `The Node module '${name}' is not available in the sandbox (${UNAVAILABLE.get(name)}).`,
  );
  error.code = "ERR_SANDBOX_UNAVAILABLE";
  return error;
}

function builtin(name) {
  if (name.startsWith("node:")) name = name.slice(5);
  if (name in builtinCache) return builtinCache[name];
  const factory = builtinFactories[name];
  if (!factory) {
    if (UNAVAILABLE.has(name)) throw unavailable(name);
    return undefined;
  }
  const module = { exports: {} };
  builtinCache[name] = module.exports;
  factory(module.exports, builtin, module);
  builtinCache[name] = module.exports;
  return module.exports;
}

function isBuiltin(name) {
  const bare = name.startsWith("node:") ? name.slice(5) : name;
  return bare in builtinFactories || UNAVAILABLE.has(bare);
}

const internals = {
  host,
  ExitSignal,
  builtin,
  isBuiltin,
  defineBuiltin(name, factory) {
    builtinFactories[name] = factory;
  },
  builtinNames() {
    return Object.keys(builtinFactories);
  },
};

Object.defineProperty(globalThis, "__skillbox", { value: internals, enumerable: false });
