// @ts-check
// node:vm — code compiled and run in the script's own engine. A "new context" is the given object
// seen through a scope, not a separate realm: enough for templating and evaluating expressions,
// never a security boundary (the whole run is already inside the sandbox).
const host = __skillbox.host;
const contexts = new WeakSet();

/** Evaluates code as a script of the guest's global scope, as the engine's own compiler does. */
function compileIn(code, filename) {
  return host("compile", String(code), filename ?? "evalmachine.<anonymous>");
}

function runInContext(code, context, options) {
  const filename = typeof options === "string" ? options : options?.filename;
  const scope = new Proxy(context, {
    has: (target, key) => key !== "__vmCode" && (key in target || !(key in globalThis)),
    get: (target, key) =>
      key === Symbol.unscopables ? undefined : key in target ? target[key] : globalThis[key],
  });
  // Sloppy-mode `with` puts the context's properties in scope; names it does not hold fall
  // through to the globals, as a fresh context's built-ins would.
  const runner = compileIn(
    "(function (__vmScope, __vmCode) { with (__vmScope) { return eval(__vmCode); } })",
    filename,
  );
  return runner(scope, String(code));
}

class Script {
  constructor(code, options) {
    this._code = String(code);
    this._filename = typeof options === "string" ? options : options?.filename;
    compileIn(`(function () {\n${this._code}\n})`, this._filename);
  }
  runInThisContext() {
    return compileIn(this._code, this._filename);
  }
  runInContext(context, options) {
    return runInContext(this._code, context, options ?? this._filename);
  }
  runInNewContext(context = {}, options) {
    return runInContext(this._code, createContext(context), options ?? this._filename);
  }
  createCachedData() {
    return require("buffer").Buffer.alloc(0);
  }
}

function createContext(context = {}) {
  contexts.add(context);
  return context;
}

module.exports = {
  Script,
  createContext,
  isContext: (value) => contexts.has(value),
  runInThisContext: (code, options) =>
    compileIn(code, typeof options === "string" ? options : options?.filename),
  runInContext,
  runInNewContext: (code, context = {}, options) =>
    runInContext(code, createContext(context), options),
  compileFunction: (code, params = [], _options) =>
    compileIn(`(function (${params.join(", ")}) {\n${code}\n})`),
  measureMemory: () => Promise.resolve({ total: { jsMemoryEstimate: 0, jsMemoryRange: [0, 0] } }),
  constants: { USE_MAIN_CONTEXT_DEFAULT_LOADER: Symbol("vm_dynamic_import_main_context_default") },
};
