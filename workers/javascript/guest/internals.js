// @ts-check
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

/** An error shaped as Node's libuv system errors are: `code`, negative `errno`, `syscall`. */
function systemError(message, fields) {
  const error = new Error(message);
  Object.assign(error, fields);
  return error;
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "0.0.0.0", "[::1]"]);
const IP_ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|\[?[0-9a-fA-F:]+:[0-9a-fA-F:.]*\]?)$/;

/**
 * What connecting to `host:port` gives with no network, as Node gives it offline: a name fails
 * to resolve (ENOTFOUND), an address (or localhost) refuses the connection (ECONNREFUSED).
 */
function connectError(host, port) {
  const name = String(host ?? "localhost");
  if (LOCAL_HOSTS.has(name) || IP_ADDRESS.test(name)) {
    const address = name === "localhost" ? "127.0.0.1" : name.replace(/^\[|\]$/g, "");
    return systemError(`connect ECONNREFUSED ${address}:${port}`, {
      errno: -111,
      code: "ECONNREFUSED",
      syscall: "connect",
      address,
      port: Number(port),
    });
  }
  return lookupError(name);
}

function lookupError(hostname) {
  return systemError(`getaddrinfo ENOTFOUND ${hostname}`, {
    errno: -3008,
    code: "ENOTFOUND",
    syscall: "getaddrinfo",
    hostname,
  });
}

/** What starting a program gives in a sandbox that has none: ENOENT, as for a missing program. */
function spawnError(syscall, file, args) {
  return systemError(`${syscall} ${file} ENOENT`, {
    errno: -2,
    code: "ENOENT",
    syscall: `${syscall} ${file}`,
    path: file,
    spawnargs: args,
  });
}

/** The WHATWG stream classes `stream/web` takes from the polyfill (and the globals name). */
const WEB_STREAM_CLASSES = [
  "ReadableStream",
  "ReadableStreamDefaultReader",
  "ReadableStreamBYOBReader",
  "ReadableStreamBYOBRequest",
  "ReadableByteStreamController",
  "ReadableStreamDefaultController",
  "TransformStream",
  "TransformStreamDefaultController",
  "WritableStream",
  "WritableStreamDefaultWriter",
  "WritableStreamDefaultController",
  "ByteLengthQueuingStrategy",
  "CountQueuingStrategy",
];

/** Marks the errors made as Node makes its own (lib/internal/errors.js): see {@link nodeError}. */
const NODE_ERROR = Symbol("skillbox.nodeError");

/**
 * An error as Node's own are: an enumerable `code`, which also shows in its string and its
 * printed stack (`TypeError [ERR_INVALID_ARG_TYPE]: …`), as scripts and tests compare them.
 */
function nodeError(Base, code, message) {
  const error = new Base(message);
  error.code = code;
  Object.defineProperty(error, NODE_ERROR, { value: true });
  Object.defineProperty(error, "toString", {
    value() {
      return `${this.name} [${this.code}]: ${this.message}`;
    },
    writable: true,
    configurable: true,
  });
  return error;
}

/** How Node's argument errors name the value they got. */
function describeReceived(value) {
  if (value === null || value === undefined) return String(value);
  if (typeof value === "function") return `function ${value.name}`;
  const inspect = builtin("util").inspect;
  if (typeof value === "object") {
    if (value.constructor?.name) return `an instance of ${value.constructor.name}`;
    return inspect(value, { depth: -1 });
  }
  // A long string is cut before it is quoted, anything else after it is shown.
  const cut = (text) => (text.length > 28 ? `${text.slice(0, 25)}...` : text);
  const shown = typeof value === "string" ? inspect(cut(value)) : cut(inspect(value));
  return `type ${typeof value} (${shown})`;
}

/** Node's ERR_INVALID_ARG_TYPE; `expected` reads as after "must be", e.g. "of type string". */
function invalidArgType(name, expected, value) {
  return nodeError(
    TypeError,
    "ERR_INVALID_ARG_TYPE",
    // Node says "property" for a member of an options object.
    `The "${name}" ${name.includes(".") ? "property" : "argument"} must be ${expected}. Received ${describeReceived(value)}`,
  );
}

/** Node's ERR_OUT_OF_RANGE: large integers with `_` between each three digits, bigints with `n`. */
function outOfRange(name, range, value) {
  const grouped = (digits) => digits.replace(/\B(?=(\d{3})+$)/g, "_");
  let received;
  if (Number.isInteger(value) && Math.abs(value) > 2 ** 32) received = grouped(String(value));
  else if (typeof value === "bigint") {
    const large = value > 2n ** 32n || value < -(2n ** 32n);
    received = `${large ? grouped(String(value)) : String(value)}n`;
  } else received = builtin("util").inspect(value);
  return nodeError(
    RangeError,
    "ERR_OUT_OF_RANGE",
    `The value of "${name}" is out of range. It must be ${range}. Received ${received}`,
  );
}

/** A call the sandbox cannot honour in a module that otherwise loads and works. */
function notSupported(what) {
  const error = new Error(`${what} is not available in the sandbox`);
  error.code = "ERR_SANDBOX_UNSUPPORTED";
  return error;
}

function builtin(name) {
  if (name.startsWith("node:")) name = name.slice(5);
  if (name in builtinCache) return builtinCache[name];
  const factory = builtinFactories[name];
  if (!factory) return undefined;
  const module = { exports: {} };
  builtinCache[name] = module.exports;
  factory(module.exports, builtin, module);
  builtinCache[name] = module.exports;
  return module.exports;
}

/** What the built-ins are made of (`internal/…`) is theirs alone, as in Node. */
function isBuiltin(name) {
  const bare = name.startsWith("node:") ? name.slice(5) : name;
  return bare in builtinFactories && !bare.startsWith("internal/");
}

const internals = {
  host,
  ExitSignal,
  builtin,
  isBuiltin,
  systemError,
  connectError,
  lookupError,
  spawnError,
  notSupported,
  nodeError,
  invalidArgType,
  outOfRange,
  NODE_ERROR,
  WEB_STREAM_CLASSES,
  /** Running child processes by id: each hears its outcome when the worker has it. */
  children: new Map(),
  defineBuiltin(name, factory) {
    builtinFactories[name] = factory;
  },
  /**
   * A module given as source text, compiled on its first require: parsing a string literal at
   * boot costs a fraction of parsing the code, for a module few scripts load.
   */
  defineBuiltinSource(name, source) {
    builtinFactories[name] = (exports, require, module) =>
      host("compile", `(function (exports, require, module) {\n${source}\n})`, `node:${name}`)(
        exports,
        require,
        module,
      );
  },
  builtinNames() {
    return Object.keys(builtinFactories).filter(isBuiltin);
  },
};

Object.defineProperty(globalThis, "__skillbox", { value: internals, enumerable: false });
