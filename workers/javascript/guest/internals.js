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

/** Node modules the sandbox deliberately does not offer. */
const UNAVAILABLE = new Set([
  "child_process",
  "cluster",
  "dgram",
  "dns",
  "http",
  "http2",
  "https",
  "inspector",
  "net",
  "tls",
  "worker_threads",
  "vm",
  "v8",
]);

function unavailable(name) {
  const error = new Error(
    `The Node module '${name}' is not available in the sandbox (no processes, network or threads).`,
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
