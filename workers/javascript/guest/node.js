// The Node runtime: process, console, timers, globals and the CommonJS/ES module systems.

{
  const { host, ExitSignal, builtin, isBuiltin, WEB_STREAM_CLASSES } = __skillbox;
  const EventEmitter = builtin("events");
  const util = builtin("util");
  const path = builtin("path");
  const { Buffer } = builtin("buffer");
  const NODE_VERSION = "v20.20.2";

  // ---- process ---------------------------------------------------------------------------
  const process = new EventEmitter();
  let exitCode;
  let cwd = "/";
  const tickQueue = [];

  function writer(fd) {
    return {
      fd,
      isTTY: false,
      writable: true,
      write(chunk, encoding, callback) {
        if (typeof encoding === "function") callback = encoding;
        const text =
          typeof chunk === "string"
            ? chunk
            : Buffer.from(chunk).toString(typeof encoding === "string" ? encoding : "utf8");
        host("write", fd, text);
        if (typeof callback === "function") process.nextTick(callback);
        return true;
      },
      end(chunk, encoding, callback) {
        if (chunk !== undefined && typeof chunk !== "function") this.write(chunk, encoding);
        const done = [chunk, encoding, callback].find((f) => typeof f === "function");
        if (done) process.nextTick(done);
      },
      on() {
        return this;
      },
      once() {
        return this;
      },
      emit() {
        return false;
      },
      removeListener() {
        return this;
      },
      cork() {},
      uncork() {},
      getWindowSize: () => [80, 24],
      hasColors: () => false,
    };
  }

  /**
   * The run's standard input, read once: a child process's input from its parent; empty for a
   * run the agent started.
   */
  let stdinBytes;
  function takeStdin() {
    const bytes = stdinBytes ?? Buffer.from(host("stdin"));
    stdinBytes = Buffer.alloc(0);
    return bytes;
  }
  let stdin;
  /** Made on first use: most scripts never touch stdin, and a stream costs boot time. */
  function stdinStream() {
    if (stdin) return stdin;
    const { Readable } = builtin("stream");
    stdin = new Readable({
      read() {
        const bytes = takeStdin();
        if (bytes.length > 0) this.push(bytes);
        this.push(null);
      },
    });
    Object.assign(stdin, { fd: 0, isTTY: false });
    return stdin;
  }

  function envProxy(values) {
    return new Proxy(values, {
      set(target, key, value) {
        target[key] = String(value);
        return true;
      },
      defineProperty(target, key, descriptor) {
        target[key] = String(descriptor.value);
        return true;
      },
    });
  }

  const started = host("now");
  function hrtime(previous) {
    const now = host("now") - started;
    let seconds = Math.floor(now / 1000);
    let nanos = Math.floor((now % 1000) * 1e6);
    if (previous) {
      seconds -= previous[0];
      nanos -= previous[1];
      if (nanos < 0) {
        seconds -= 1;
        nanos += 1e9;
      }
    }
    return [seconds, nanos];
  }
  hrtime.bigint = () => BigInt(Math.floor((host("now") - started) * 1e6)) + 1_000_000_000n;

  let warnedBefore = false;
  Object.assign(process, {
    title: "node",
    version: NODE_VERSION,
    // As Node 20.20.2 reports them: scripts and test suites read these to pick code paths
    // (Node's own tests skip every crypto test where `openssl` is missing).
    versions: {
      node: NODE_VERSION.slice(1),
      acorn: "8.16.0",
      ada: "2.9.2",
      ares: "1.34.6",
      brotli: "1.1.0",
      cjs_module_lexer: "2.2.0",
      cldr: "48.0",
      icu: "78.2",
      llhttp: "9.3.1",
      modules: "115",
      napi: "9",
      nghttp2: "1.61.0",
      openssl: "3.0.19",
      simdutf: "6.4.2",
      tz: "2025c",
      undici: "6.24.1",
      unicode: "17.0",
      uv: "1.46.0",
      uvwasi: "0.0.23",
      v8: "11.3.244.8-node.38",
      zlib: "1.3.1-e00f703",
    },
    release: { name: "node", lts: "Iron" },
    platform: "linux",
    arch: "x64",
    pid: 1,
    ppid: 0,
    argv: ["node"],
    argv0: "node",
    execArgv: [],
    execPath: "/usr/local/bin/node",
    env: envProxy({}),
    config: { variables: {} },
    features: {},
    stdout: writer(1),
    stderr: writer(2),
    cwd: () => cwd,
    chdir(directory) {
      const target = path.resolve(directory);
      const stat = builtin("fs").statSync(target);
      if (!stat.isDirectory())
        throw new Error(`ENOTDIR: not a directory, chdir ${cwd} -> '${directory}'`);
      cwd = target;
    },
    exit(code) {
      if (code !== undefined) exitCode = Number(code) | 0;
      host("exit", exitCode ?? 0);
      throw new ExitSignal(exitCode ?? 0);
    },
    abort() {
      host("write", 2, "Aborted\n");
      host("exit", 134);
      throw new ExitSignal(134);
    },
    kill() {
      throw new Error("process.kill is not available in the sandbox");
    },
    nextTick(callback, ...args) {
      if (typeof callback !== "function") {
        throw invalidArgType("callback", "of type function", callback);
      }
      tickQueue.push(() => callback(...args));
    },
    hrtime,
    uptime: () => (host("now") - started) / 1000,
    memoryUsage: Object.assign(
      () => ({ rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 }),
      { rss: () => 0 },
    ),
    cpuUsage: () => ({ user: 0, system: 0 }),
    resourceUsage: () => ({}),
    umask: () => 0o22,
    getuid: () => 1000,
    getgid: () => 1000,
    geteuid: () => 1000,
    getegid: () => 1000,
    // As Node prints a warning: its code in brackets, and the hint under the first one only.
    emitWarning(warning, typeOrOptions, code) {
      const options =
        typeOrOptions && typeof typeOrOptions === "object"
          ? typeOrOptions
          : { type: typeOrOptions, code };
      const type = options.type ?? "Warning";
      const text =
        typeof warning === "string" ? `${type}: ${warning}` : `${warning.name}: ${warning.message}`;
      let printed = `(node:${process.pid}) ${options.code ? `[${options.code}] ` : ""}${text}\n`;
      if (!warnedBefore) {
        warnedBefore = true;
        const trace = type === "DeprecationWarning" ? "deprecation" : "warnings";
        printed += `(Use \`node --trace-${trace} ...\` to show where the warning was created)\n`;
      }
      host("write", 2, printed);
    },
    binding() {
      throw new Error("process.binding is not available in the sandbox");
    },
  });
  Object.defineProperty(process, "stdin", {
    get: stdinStream,
    enumerable: true,
    configurable: true,
  });
  Object.defineProperty(process, "exitCode", {
    get: () => exitCode,
    set(value) {
      exitCode = value === undefined ? undefined : Number(value) | 0;
    },
    enumerable: true,
  });

  // ---- errors ----------------------------------------------------------------------------
  // V8's Error.captureStackTrace, which QuickJS lacks and which libraries call on their own error
  // objects: `target.stack` becomes the header V8 gives it and the frames from the caller on (from
  // past `constructorOpt` where it is on the stack).
  Object.defineProperty(Error, "captureStackTrace", {
    value: function captureStackTrace(target, constructorOpt) {
      if (target === null || (typeof target !== "object" && typeof target !== "function")) {
        throw invalidArgType("object", "of type object", target);
      }
      let frames = String(new Error().stack ?? "")
        .split("\n")
        .filter((line) => line.trim() !== "")
        .slice(1);
      const name = typeof constructorOpt === "function" ? constructorOpt.name : "";
      if (name) {
        const at = frames.findIndex((line) =>
          [`at ${name} `, `at new ${name} `].some((start) => line.trimStart().startsWith(start)),
        );
        if (at !== -1) frames = frames.slice(at + 1);
      }
      frames = frames.slice(0, Math.max(0, Number(Error.stackTraceLimit) || 0));
      const message = target.message === undefined ? "" : String(target.message);
      const header = `${target.name === undefined ? "Error" : target.name}${message ? `: ${message}` : ""}`;
      Object.defineProperty(target, "stack", {
        value: [header, ...frames].join("\n"),
        writable: true,
        configurable: true,
      });
    },
    writable: true,
    configurable: true,
  });
  if (Error.stackTraceLimit === undefined) Error.stackTraceLimit = 10;

  function printUncaught(error) {
    let text;
    if (error instanceof Error || (error && typeof error === "object" && "stack" in error)) {
      const frame = /\((\/[^):]+):(\d+)/.exec(String(error.stack ?? ""));
      let location = "";
      if (frame) {
        try {
          const line = builtin("fs").readFileSync(frame[1], "utf8").split("\n")[
            Number(frame[2]) - 1
          ];
          if (line !== undefined) location = `${frame[1]}:${frame[2]}\n${line}\n\n`;
        } catch {
          location = "";
        }
      }
      const extra = util.inspect(error).slice(util.__errorStack(error).length);
      text = `${location}${util.__errorStack(error)}${extra}`;
    } else {
      text = `Uncaught ${util.inspect(error)}`;
    }
    host("write", 2, `${text}\n\nNode.js ${NODE_VERSION}\n`);
  }

  function handleUncaught(error) {
    if (error instanceof ExitSignal) throw error;
    if (process.listenerCount("uncaughtException") > 0) {
      process.emit("uncaughtException", error, "uncaughtException");
      return;
    }
    printUncaught(error);
    process.exitCode = 1;
    host("exit", 1);
    throw new ExitSignal(1);
  }

  function guard(fn) {
    try {
      return fn();
    } catch (error) {
      return handleUncaught(error);
    }
  }

  // QuickJS as packaged offers no promise rejection tracker, so Promise.reject() — the common way a
  // script leaves a rejection unhandled — returns a tracked promise: handling it (then, catch,
  // await, Promise.all…) calls then(), and one still unhandled after the microtasks counts as
  // an unhandled rejection, as in Node. A subclass makes `await` call then(); the observing
  // then() is Promise.prototype's own, because libraries (the web streams among them) keep it
  // and call it on their promises directly.
  const IntrinsicPromise = Promise;
  const unhandled = new Set();
  class TrackedPromise extends IntrinsicPromise {
    static get [Symbol.species]() {
      return IntrinsicPromise;
    }
  }
  const intrinsicThen = IntrinsicPromise.prototype.then;
  Object.defineProperty(IntrinsicPromise.prototype, "then", {
    value: function then(onFulfilled, onRejected) {
      unhandled.delete(this);
      return intrinsicThen.call(this, onFulfilled, onRejected);
    },
    writable: true,
    configurable: true,
  });
  const intrinsicReject = IntrinsicPromise.reject;
  Object.defineProperty(IntrinsicPromise, "reject", {
    value: function reject(reason) {
      if (this !== IntrinsicPromise) return intrinsicReject.call(this, reason);
      const promise = new TrackedPromise((_, rejectIt) => rejectIt(reason));
      unhandled.add(promise);
      promise.reason = reason;
      return promise;
    },
    writable: true,
    configurable: true,
  });

  function handleRejection(reason) {
    if (process.listenerCount("unhandledRejection") > 0) {
      process.emit("unhandledRejection", reason, undefined);
      return;
    }
    handleUncaught(reason);
  }

  // ---- timers ----------------------------------------------------------------------------
  const timers = new Map();
  let lastTimerId = 0;

  class Timeout {
    constructor(callback, delay, args, repeat) {
      this._id = ++lastTimerId;
      this._callback = callback;
      this._args = args;
      this._delay = Math.max(1, Number(delay) || 1);
      this._repeat = repeat;
      timers.set(this._id, this);
      host("timer", this._id, this._delay, false);
    }
    ref() {
      host("refTimer", this._id, true);
      return this;
    }
    unref() {
      host("refTimer", this._id, false);
      return this;
    }
    hasRef() {
      return true;
    }
    refresh() {
      host("timer", this._id, this._delay, false);
      return this;
    }
    close() {
      clearTimeout(this);
      return this;
    }
    [Symbol.toPrimitive]() {
      return this._id;
    }
  }

  class Immediate {
    constructor(callback, args) {
      this._id = ++lastTimerId;
      this._callback = callback;
      this._args = args;
      timers.set(this._id, this);
      host("timer", this._id, 0, true);
    }
    ref() {
      return this;
    }
    unref() {
      host("refTimer", this._id, false);
      return this;
    }
    hasRef() {
      return true;
    }
  }

  function checkCallback(callback) {
    if (typeof callback !== "function") {
      throw invalidArgType("callback", "of type function", callback);
    }
  }

  function clearTimer(timer) {
    const id = typeof timer === "object" && timer !== null ? timer._id : Number(timer);
    if (timers.delete(id)) host("clearTimer", id);
  }

  const timerGlobals = {
    setTimeout(callback, delay, ...args) {
      checkCallback(callback);
      return new Timeout(callback, delay, args, false);
    },
    setInterval(callback, delay, ...args) {
      checkCallback(callback);
      return new Timeout(callback, delay, args, true);
    },
    setImmediate(callback, ...args) {
      checkCallback(callback);
      return new Immediate(callback, args);
    },
    clearTimeout: clearTimer,
    clearInterval: clearTimer,
    clearImmediate: clearTimer,
    queueMicrotask(callback) {
      checkCallback(callback);
      Promise.resolve().then(() => guard(callback));
    },
  };

  // util.promisify(setTimeout) resolves with the value after the delay, as in Node.
  timerGlobals.setTimeout[Symbol.for("nodejs.util.promisify.custom")] = (delay, value) =>
    new Promise((resolve) => timerGlobals.setTimeout(resolve, delay, value));
  timerGlobals.setImmediate[Symbol.for("nodejs.util.promisify.custom")] = (value) =>
    new Promise((resolve) => timerGlobals.setImmediate(resolve, value));

  // ---- console ---------------------------------------------------------------------------
  /** A console whose lines go to `write(fd, text)`: the global one's to the run's output. */
  function makeConsole(write) {
    let groupIndent = "";
    const counts = new Map();
    const timings = new Map();
    function print(fd, args) {
      let text = util.format(...args);
      if (groupIndent)
        text = text
          .split("\n")
          .map((line) => groupIndent + line)
          .join("\n");
      write(fd, `${text}\n`);
    }
    const target = {
      log: (...args) => print(1, args),
      info: (...args) => print(1, args),
      debug: (...args) => print(1, args),
      error: (...args) => print(2, args),
      warn: (...args) => print(2, args),
      trace: (...args) => {
        const err = new Error(util.format(...args));
        err.name = "Trace";
        print(2, [util.__errorStack(err)]);
      },
      dir: (value, options) =>
        print(1, [util.inspect(value, { customInspect: false, ...options })]),
      dirxml: (...args) => print(1, args),
      assert(condition, ...args) {
        if (!condition)
          print(
            2,
            args.length > 0
              ? [`Assertion failed: ${args[0]}`, ...args.slice(1)]
              : ["Assertion failed"],
          );
      },
      count(label = "default") {
        const n = (counts.get(label) ?? 0) + 1;
        counts.set(label, n);
        print(1, [`${label}: ${n}`]);
      },
      countReset(label = "default") {
        counts.delete(label);
      },
      group(...args) {
        if (args.length > 0) print(1, args);
        groupIndent += "  ";
      },
      groupCollapsed(...args) {
        target.group(...args);
      },
      groupEnd() {
        groupIndent = groupIndent.slice(2);
      },
      time(label = "default") {
        timings.set(label, host("now"));
      },
      timeEnd(label = "default") {
        const start = timings.get(label);
        if (start !== undefined) print(1, [`${label}: ${(host("now") - start).toFixed(3)}ms`]);
        timings.delete(label);
      },
      timeLog(label = "default", ...args) {
        const start = timings.get(label);
        if (start !== undefined)
          print(1, [`${label}: ${(host("now") - start).toFixed(3)}ms`, ...args]);
      },
      table(data) {
        print(1, [data]);
      },
    };
    return target;
  }
  const console = makeConsole((fd, text) => host("write", fd, text));

  /** Node's `console.Console`: a console over the given streams (stderr defaults to stdout). */
  function Console(stdoutOrOptions, stderr) {
    if (!new.target) return new Console(stdoutOrOptions, stderr);
    const options =
      stdoutOrOptions && typeof stdoutOrOptions.write === "function"
        ? { stdout: stdoutOrOptions, stderr }
        : (stdoutOrOptions ?? {});
    for (const name of ["stdout", "stderr"]) {
      const stream = options[name];
      if ((name === "stdout" || stream !== undefined) && typeof stream?.write !== "function") {
        throw nodeError(
          TypeError,
          "ERR_CONSOLE_WRITABLE_STREAM",
          `Console expects a writable stream instance for ${name}`,
        );
      }
    }
    const out = options.stdout;
    const err = options.stderr ?? out;
    Object.assign(
      this,
      makeConsole((fd, text) => (fd === 1 ? out : err).write(text)),
    );
  }
  console.Console = Console;

  // ---- modules ---------------------------------------------------------------------------
  const fs = () => builtin("fs");
  const moduleCache = Object.create(null);
  let mainModule;

  function exists(file) {
    try {
      return fs().statSync(file).isFile();
    } catch {
      return false;
    }
  }

  function isDirectory(file) {
    try {
      return fs().statSync(file).isDirectory();
    } catch {
      return false;
    }
  }

  function readPackage(dir) {
    const file = `${dir === "/" ? "" : dir}/package.json`;
    if (!exists(file)) return undefined;
    try {
      return JSON.parse(fs().readFileSync(file, "utf8"));
    } catch {
      return undefined;
    }
  }

  /** ESM or CommonJS, as Node decides: by extension, then by the nearest package.json "type". */
  function isEsm(file) {
    if (file.endsWith(".mjs")) return true;
    if (file.endsWith(".cjs") || file.endsWith(".json")) return false;
    for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
      const pkg = readPackage(dir);
      if (pkg) return pkg.type === "module";
      if (dir === "/") return false;
    }
  }

  function loadAsFile(file) {
    for (const candidate of [file, `${file}.js`, `${file}.json`, `${file}.cjs`]) {
      if (exists(candidate)) return candidate;
    }
    return undefined;
  }

  function loadAsDirectory(dir) {
    const pkg = readPackage(dir);
    if (pkg && typeof pkg.main === "string") {
      const main = path.resolve(dir, pkg.main);
      const found = loadAsFile(main) ?? loadAsFile(`${main}/index`);
      if (found) return found;
    }
    return loadAsFile(`${dir}/index`);
  }

  function resolveFilename(request, fromDir) {
    if (
      request.startsWith("./") ||
      request.startsWith("../") ||
      request.startsWith("/") ||
      request === "." ||
      request === ".."
    ) {
      const target = path.resolve(fromDir, request);
      return loadAsFile(target) ?? (isDirectory(target) ? loadAsDirectory(target) : undefined);
    }
    for (let dir = fromDir; ; dir = path.dirname(dir)) {
      const base = `${dir === "/" ? "" : dir}/node_modules/${request}`;
      const found = loadAsFile(base) ?? (isDirectory(base) ? loadAsDirectory(base) : undefined);
      if (found) return found;
      if (dir === "/") return undefined;
    }
  }

  function notFound(request, parent) {
    const stack = [];
    for (let m = parent; m; m = m.parent) stack.push(m.filename);
    const err = new Error(
      `Cannot find module '${request}'${stack.length ? `\nRequire stack:\n- ${stack.join("\n- ")}` : ""}`,
    );
    err.code = "MODULE_NOT_FOUND";
    err.requireStack = stack;
    return err;
  }

  class Module {
    constructor(id, parent) {
      this.id = id;
      this.path = path.dirname(id);
      this.exports = {};
      this.filename = id;
      this.loaded = false;
      this.children = [];
      this.paths = [];
      this.parent = parent;
      if (parent) parent.children.push(this);
    }
  }
  Module.builtinModules = __skillbox.builtinNames();
  Module.createRequire = (filename) =>
    makeRequire(new Module(String(filename).replace(/^file:\/\//, ""), undefined));
  Module.isBuiltin = isBuiltin;
  Module._cache = moduleCache;

  function requireBuiltin(request) {
    const exports = builtin(request);
    if (exports === undefined) return undefined;
    return exports;
  }

  function makeRequire(module) {
    const require = (request) => {
      if (typeof request !== "string") throw invalidArgType("id", "of type string", request);
      if (request.startsWith("node:") || isBuiltin(request)) {
        const exports = requireBuiltin(request);
        if (exports !== undefined) return exports;
        if (request.startsWith("node:")) {
          const err = new Error(`No such built-in module: ${request}`);
          err.code = "ERR_UNKNOWN_BUILTIN_MODULE";
          throw err;
        }
      }
      const filename = resolveFilename(request, module.path);
      if (!filename) throw notFound(request, module);
      return loadCommonJs(filename, module).exports;
    };
    require.resolve = (request) => {
      if (isBuiltin(request)) return request;
      const filename = resolveFilename(request, module.path);
      if (!filename) throw notFound(request, module);
      return filename;
    };
    require.cache = moduleCache;
    require.main = mainModule;
    return require;
  }

  function loadCommonJs(filename, parent) {
    const cached = moduleCache[filename];
    if (cached) return cached;
    if (filename.endsWith(".mjs") || (filename.endsWith(".js") && isEsm(filename))) {
      const err = new Error(
        `require() of ES Module ${filename} not supported.\nInstead change the require of ${path.basename(filename)} to a dynamic import() which is available in all CommonJS modules.`,
      );
      err.code = "ERR_REQUIRE_ESM";
      throw err;
    }
    const module = new Module(filename, parent);
    moduleCache[filename] = module;
    try {
      const source = fs().readFileSync(filename, "utf8");
      if (filename.endsWith(".json")) {
        try {
          module.exports = JSON.parse(source);
        } catch (error) {
          error.message = `${filename}: ${error.message}`;
          throw error;
        }
      } else {
        const body = source.startsWith("#!") ? `//${source}` : source;
        const wrapper = host(
          "compile",
          `(function (exports, require, module, __filename, __dirname) {${body}\n})`,
          filename,
        );
        wrapper.call(
          module.exports,
          module.exports,
          makeRequire(module),
          module,
          filename,
          path.dirname(filename),
        );
      }
      module.loaded = true;
    } catch (error) {
      delete moduleCache[filename];
      throw error;
    }
    return module;
  }

  const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
  const RESERVED = new Set([
    "default",
    "class",
    "function",
    "delete",
    "new",
    "var",
    "let",
    "const",
    "if",
    "else",
    "return",
    "import",
    "export",
    "in",
    "of",
    "typeof",
    "void",
    "with",
    "yield",
    "await",
    "enum",
    "this",
    "super",
    "null",
    "true",
    "false",
    "switch",
    "case",
    "do",
    "while",
    "for",
    "break",
    "continue",
    "try",
    "catch",
    "finally",
    "throw",
    "debugger",
    "instanceof",
    "extends",
    "static",
    "package",
    "private",
    "protected",
    "public",
    "interface",
    "implements",
  ]);

  function facade(expression, exports) {
    const names =
      exports !== null && (typeof exports === "object" || typeof exports === "function")
        ? Object.keys(exports).filter((k) => IDENTIFIER.test(k) && !RESERVED.has(k))
        : [];
    return `const m = ${expression};\nexport default m;\n${names.length ? `export const { ${names.join(", ")} } = m;\n` : ""}`;
  }

  /**
   * Resolution failures become a marker name whose loading throws the error: QuickJS cannot fail
   * a resolution with a thrown value, only a load (so the script sees Node's error code).
   */
  function resolveImportOrMissing(specifier, base) {
    try {
      return resolveImport(specifier, base);
    } catch (error) {
      return `${MISSING}${JSON.stringify([error.code, error.message])}`;
    }
  }

  function resolveImport(specifier, base) {
    if (specifier.startsWith("node:") || isBuiltin(specifier)) {
      const name = specifier.startsWith("node:") ? specifier.slice(5) : specifier;
      if (builtin(name) === undefined) {
        const err = new Error(`No such built-in module: ${specifier}`);
        err.code = "ERR_UNKNOWN_BUILTIN_MODULE";
        throw err;
      }
      return `node:${name}`;
    }
    if (specifier.startsWith("file://")) specifier = decodeURIComponent(specifier.slice(7));
    const from = base.startsWith("/")
      ? path.dirname(base)
      : base.startsWith("file://")
        ? path.dirname(decodeURIComponent(base.slice(7)))
        : cwd;
    if (specifier.startsWith("./") || specifier.startsWith("../") || specifier.startsWith("/")) {
      const target = path.resolve(from, specifier);
      if (exists(target)) return target;
      const err = new Error(`Cannot find module '${target}' imported from ${base}`);
      err.code = "ERR_MODULE_NOT_FOUND";
      throw err;
    }
    const found = resolveFilename(specifier, from);
    if (!found) {
      const err = new Error(`Cannot find package '${specifier}' imported from ${base}`);
      err.code = "ERR_MODULE_NOT_FOUND";
      throw err;
    }
    return found;
  }

  /** Source of an ES module file, with import.meta filled in as Node does (same first line). */
  function esmSource(file) {
    const source = fs().readFileSync(file, "utf8");
    const body = source.startsWith("#!") ? `//${source}` : source;
    const url = `file://${encodeURI(file)}`;
    return `import.meta.url = ${JSON.stringify(url)}; import.meta.filename = ${JSON.stringify(file)}; import.meta.dirname = ${JSON.stringify(path.dirname(file))}; import.meta.resolve = (s) => __skillbox.resolveImportUrl(s, ${JSON.stringify(file)});${body}`;
  }

  // QuickJS passes module names as C strings, so the marker must not contain NUL.
  const MISSING = "skillbox-missing:";

  function moduleSource(name) {
    if (name.startsWith(MISSING)) {
      const [code, message] = JSON.parse(name.slice(MISSING.length));
      const error = new Error(message);
      error.code = code;
      throw error;
    }
    if (name.startsWith("node:")) {
      const id = name.slice(5);
      return facade(`__skillbox.builtin(${JSON.stringify(id)})`, builtin(id));
    }
    if (isEsm(name)) return esmSource(name);
    const exports = loadCommonJs(name, undefined).exports;
    return facade(`__skillbox.requireLoaded(${JSON.stringify(name)})`, exports);
  }

  // ---- globals ---------------------------------------------------------------------------
  class TextEncoder {
    get encoding() {
      return "utf-8";
    }
    encode(text = "") {
      return new Uint8Array(host("utf8Encode", String(text)));
    }
  }
  class TextDecoder {
    constructor(encoding = "utf-8") {
      this.encoding = encoding.toLowerCase();
    }
    decode(bytes) {
      if (bytes === undefined) return "";
      const view =
        bytes instanceof ArrayBuffer
          ? new Uint8Array(bytes)
          : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      return Buffer.from(view).toString(
        this.encoding === "utf-8" || this.encoding === "utf8" ? "utf8" : this.encoding,
      );
    }
  }

  class Event {
    constructor(type, options = {}) {
      this.type = String(type);
      this.bubbles = options.bubbles === true;
      this.cancelable = options.cancelable === true;
      this.defaultPrevented = false;
      this.timeStamp = host("now");
      this.target = null;
      this.currentTarget = null;
    }
    preventDefault() {
      if (this.cancelable) this.defaultPrevented = true;
    }
    stopPropagation() {}
    stopImmediatePropagation() {
      this._stopped = true;
    }
  }

  class EventTarget {
    constructor() {
      Object.defineProperty(this, "_listeners", { value: new Map() });
    }
    addEventListener(type, listener, options) {
      if (!listener) return;
      const list = this._listeners.get(type) ?? [];
      if (!list.some((l) => l.listener === listener)) {
        list.push({ listener, once: typeof options === "object" && options?.once === true });
      }
      this._listeners.set(type, list);
    }
    removeEventListener(type, listener) {
      const list = this._listeners.get(type);
      if (list)
        this._listeners.set(
          type,
          list.filter((l) => l.listener !== listener),
        );
    }
    dispatchEvent(event) {
      event.target = this;
      event.currentTarget = this;
      for (const entry of [...(this._listeners.get(event.type) ?? [])]) {
        if (entry.once) this.removeEventListener(event.type, entry.listener);
        if (typeof entry.listener === "function") entry.listener.call(this, event);
        else entry.listener.handleEvent(event);
        if (event._stopped) break;
      }
      return !event.defaultPrevented;
    }
  }

  class CustomEvent extends Event {
    constructor(type, options = {}) {
      super(type, options);
      this.detail = options.detail ?? null;
    }
  }

  // The legacy numeric codes the web gives these names (WebIDL's DOMException table).
  const DOM_EXCEPTION_CODES = {
    IndexSizeError: 1,
    HierarchyRequestError: 3,
    WrongDocumentError: 4,
    InvalidCharacterError: 5,
    NoModificationAllowedError: 7,
    NotFoundError: 8,
    NotSupportedError: 9,
    InvalidStateError: 11,
    SyntaxError: 12,
    InvalidModificationError: 13,
    NamespaceError: 14,
    InvalidAccessError: 15,
    TypeMismatchError: 17,
    SecurityError: 18,
    NetworkError: 19,
    AbortError: 20,
    URLMismatchError: 21,
    QuotaExceededError: 22,
    TimeoutError: 23,
    InvalidNodeTypeError: 24,
    DataCloneError: 25,
  };

  class DOMException extends Error {
    constructor(message = "", options = "Error") {
      super(String(message));
      const name =
        typeof options === "object" && options !== null ? (options.name ?? "Error") : options;
      if (typeof options === "object" && options !== null && "cause" in options)
        this.cause = options.cause;
      Object.defineProperty(this, "name", {
        value: String(name),
        configurable: true,
        writable: true,
      });
      Object.defineProperty(this, "code", {
        value: DOM_EXCEPTION_CODES[name] ?? 0,
        configurable: true,
        writable: true,
      });
    }
  }

  function abortError(reason) {
    if (reason !== undefined) return reason;
    const err = new Error("This operation was aborted");
    err.name = "AbortError";
    err.code = 20;
    return err;
  }

  class AbortSignal extends EventTarget {
    constructor() {
      super();
      this.aborted = false;
      this.reason = undefined;
      this.onabort = null;
    }
    throwIfAborted() {
      if (this.aborted) throw this.reason;
    }
    _abort(reason) {
      if (this.aborted) return;
      this.aborted = true;
      this.reason = abortError(reason);
      const event = new Event("abort");
      if (typeof this.onabort === "function") this.onabort.call(this, event);
      this.dispatchEvent(event);
    }
    static abort(reason) {
      const signal = new AbortSignal();
      signal._abort(reason);
      return signal;
    }
    /** A signal that aborts with the first of `signals` to abort (at once if one has). */
    static any(signals) {
      const signal = new AbortSignal();
      for (const source of signals) {
        if (source.aborted) {
          signal._abort(source.reason);
          return signal;
        }
      }
      for (const source of signals) {
        source.addEventListener("abort", () => signal._abort(source.reason), { once: true });
      }
      return signal;
    }
    static timeout(ms) {
      const signal = new AbortSignal();
      const err = new Error("The operation was aborted due to timeout");
      err.name = "TimeoutError";
      err.code = 23;
      timerGlobals.setTimeout(() => signal._abort(err), ms);
      return signal;
    }
  }

  class AbortController {
    constructor() {
      this.signal = new AbortSignal();
    }
    abort(reason) {
      this.signal._abort(reason);
    }
  }

  /** The structured clone algorithm for the values a script can build (no transfer list). */
  function structuredClone(value, seen = new Map()) {
    if (typeof value === "function" || typeof value === "symbol") {
      const err = new Error(
        `${typeof value === "function" ? String(value) : value.toString()} could not be cloned.`,
      );
      err.name = "DataCloneError";
      err.code = 25;
      throw err;
    }
    if (value === null || typeof value !== "object") return value;
    if (seen.has(value)) return seen.get(value);
    let copy;
    if (value instanceof Date) copy = new Date(value.getTime());
    else if (value instanceof RegExp) copy = new RegExp(value.source, value.flags);
    else if (value instanceof ArrayBuffer) copy = value.slice(0);
    else if (ArrayBuffer.isView(value))
      copy = new value.constructor(
        value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength),
      );
    else if (value instanceof Map) {
      copy = new Map();
      seen.set(value, copy);
      for (const [k, v] of value) copy.set(structuredClone(k, seen), structuredClone(v, seen));
      return copy;
    } else if (value instanceof Set) {
      copy = new Set();
      seen.set(value, copy);
      for (const v of value) copy.add(structuredClone(v, seen));
      return copy;
    } else if (value instanceof Error) {
      copy = new Error(value.message);
      copy.name = value.name;
      copy.stack = value.stack;
    } else {
      copy = Array.isArray(value) ? [] : {};
      seen.set(value, copy);
      for (const key of Object.keys(value)) copy[key] = structuredClone(value[key], seen);
      return copy;
    }
    seen.set(value, copy);
    return copy;
  }

  // ---- fetch: the API is there, the network is not ----------------------------------------
  class Headers {
    constructor(init) {
      Object.defineProperty(this, "_map", { value: new Map() });
      const entries =
        init instanceof Headers
          ? init.entries()
          : Array.isArray(init)
            ? init
            : Object.entries(init ?? {});
      for (const [name, value] of entries) this.append(name, value);
    }
    append(name, value) {
      const key = String(name).toLowerCase();
      const current = this._map.get(key);
      this._map.set(key, current === undefined ? String(value) : `${current}, ${value}`);
    }
    set(name, value) {
      this._map.set(String(name).toLowerCase(), String(value));
    }
    get(name) {
      return this._map.get(String(name).toLowerCase()) ?? null;
    }
    has(name) {
      return this._map.has(String(name).toLowerCase());
    }
    delete(name) {
      this._map.delete(String(name).toLowerCase());
    }
    forEach(callback, thisArg) {
      for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
    }
    *entries() {
      yield* [...this._map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    }
    *keys() {
      for (const [key] of this.entries()) yield key;
    }
    *values() {
      for (const [, value] of this.entries()) yield value;
    }
    [Symbol.iterator]() {
      return this.entries();
    }
  }

  /** A body held in memory, read once, as the fetch API's Body mixin reads it. */
  class Body {
    constructor(body) {
      Object.defineProperty(this, "_body", {
        value: body === undefined || body === null ? null : body,
        writable: true,
      });
      this.bodyUsed = false;
    }
    _bytes() {
      if (this.bodyUsed)
        return Promise.reject(new TypeError("Body is unusable: Body has already been read"));
      this.bodyUsed = true;
      const body = this._body;
      if (body === null) return Promise.resolve(Buffer.alloc(0));
      if (typeof body === "string") return Promise.resolve(Buffer.from(body));
      if (body instanceof ArrayBuffer) return Promise.resolve(Buffer.from(body));
      if (ArrayBuffer.isView(body))
        return Promise.resolve(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
      return Promise.resolve(Buffer.from(String(body)));
    }
    async text() {
      return (await this._bytes()).toString("utf8");
    }
    async json() {
      return JSON.parse(await this.text());
    }
    async arrayBuffer() {
      const bytes = await this._bytes();
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    }
    get body() {
      return this._body;
    }
  }

  class Request extends Body {
    constructor(input, init = {}) {
      super(init.body);
      const href = input instanceof Request ? input.url : String(input);
      let url;
      try {
        url = new URL(href);
      } catch (cause) {
        const error = new TypeError(`Failed to parse URL from ${href}`);
        error.cause = cause;
        throw error;
      }
      this.url = url.href;
      this.method = String(
        init.method ?? (input instanceof Request ? input.method : "GET"),
      ).toUpperCase();
      this.headers = new Headers(
        init.headers ?? (input instanceof Request ? input.headers : undefined),
      );
      this.signal = init.signal ?? new AbortSignal();
      this.redirect = init.redirect ?? "follow";
    }
    clone() {
      return new Request(this, { body: this._body });
    }
  }

  class Response extends Body {
    constructor(body, init = {}) {
      super(body);
      this.status = init.status ?? 200;
      this.statusText = init.statusText ?? "";
      this.headers = new Headers(init.headers);
      this.ok = this.status >= 200 && this.status < 300;
      this.redirected = false;
      this.type = "default";
      this.url = "";
    }
    clone() {
      return new Response(this._body, this);
    }
    static json(data, init = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
      return new Response(JSON.stringify(data), { ...init, headers });
    }
    static error() {
      const response = new Response(null, { status: 0 });
      response.type = "error";
      return response;
    }
    static redirect(url, status = 302) {
      return new Response(null, { status, headers: { location: String(url) } });
    }
  }

  const REDIRECTS = new Set([301, 302, 303, 307, 308]);

  /** A body as the server encoded it, decoded as undici decodes the encodings it asked for. */
  function decoded(body, encoding) {
    if (encoding === "") return body;
    const zlib = builtin("zlib");
    let bytes = body;
    for (const coding of encoding
      .toLowerCase()
      .split(",")
      .map((c) => c.trim())
      .reverse()) {
      if (coding === "gzip" || coding === "x-gzip") bytes = zlib.gunzipSync(bytes);
      else if (coding === "deflate") bytes = zlib.inflateSync(bytes);
    }
    return bytes;
  }

  /** One request and its whole answer, over node:http (so on the run's loopback network). */
  function exchange(url, method, headers, body, signal) {
    return new Promise((resolve, reject) => {
      const http = builtin(url.protocol === "https:" ? "https" : "http");
      // undici's own headers, in its order, after the script's.
      const sent = { host: url.host, connection: "keep-alive", ...headers };
      const defaults = [
        ["accept", "*/*"],
        ["accept-language", "*"],
        ["sec-fetch-mode", "cors"],
        ["user-agent", "node"],
        ["accept-encoding", "gzip, deflate"],
      ];
      for (const [name, value] of defaults) if (!(name in sent)) sent[name] = value;
      if (body.length > 0 || !["GET", "HEAD"].includes(method))
        sent["content-length"] = body.length;
      const req = http.request({
        hostname: url.hostname.replace(/^\[|\]$/g, ""),
        port: url.port || (url.protocol === "https:" ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method,
        headers: sent,
      });
      const onAbort = () => {
        req.destroy();
        reject(signal.reason);
      };
      signal.addEventListener("abort", onAbort);
      req.on("error", (cause) => {
        signal.removeEventListener("abort", onAbort);
        const error = new TypeError("fetch failed");
        error.cause = cause;
        reject(error);
      });
      req.on("response", (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => {
          signal.removeEventListener("abort", onAbort);
          const pairs = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            pairs.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
          }
          let answer = Buffer.concat(chunks);
          try {
            answer = decoded(answer, String(res.headers["content-encoding"] ?? ""));
          } catch (cause) {
            const error = new TypeError("terminated");
            error.cause = cause;
            reject(error);
            return;
          }
          resolve({ status: res.statusCode, statusText: res.statusMessage, pairs, body: answer });
        });
      });
      req.end(body);
    });
  }

  /**
   * The fetch API over node:http: a server the run started on a loopback address answers; any
   * other address fails as Node's fetch does with no network, `TypeError: fetch failed` with
   * the connection's error as its cause. Redirects are followed as undici follows them.
   */
  async function fetch(input, init) {
    const request = new Request(input, init);
    if (request.signal.aborted) throw request.signal.reason;
    let url = new URL(request.url);
    let method = request.method;
    let body = await request._bytes();
    const headers = {};
    for (const [name, value] of request.headers) headers[name] = value;
    if (typeof request._body === "string" && !("content-type" in headers)) {
      headers["content-type"] = "text/plain;charset=UTF-8";
    }
    for (let redirects = 0; ; redirects += 1) {
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        const error = new TypeError("fetch failed");
        error.cause = new Error("not implemented... yet...");
        throw error;
      }
      const answer = await exchange(url, method, headers, body, request.signal);
      const location = answer.pairs.find(([name]) => name.toLowerCase() === "location")?.[1];
      if (REDIRECTS.has(answer.status) && location !== undefined && request.redirect !== "manual") {
        if (request.redirect === "error" || redirects === 20) {
          const error = new TypeError("fetch failed");
          error.cause = new Error(
            redirects === 20 ? "redirect count exceeded" : "unexpected redirect",
          );
          throw error;
        }
        url = new URL(location, url);
        if (answer.status === 303 || (answer.status <= 302 && method === "POST")) {
          method = method === "HEAD" ? "HEAD" : "GET";
          body = Buffer.alloc(0);
          delete headers["content-type"];
        }
        continue;
      }
      const response = new Response(answer.body, {
        status: answer.status,
        statusText: answer.statusText,
        headers: answer.pairs,
      });
      response.url = url.href;
      response.redirected = redirects > 0;
      return response;
    }
  }

  /**
   * The `performance` object: now() and timeOrigin, with the User Timing marks and measures
   * scripts time their steps with (kept in the run, never reported anywhere).
   */
  function userTiming(now) {
    const entries = [];
    const entry = (name, entryType, startTime, duration, detail) => ({
      name: String(name),
      entryType,
      startTime,
      duration,
      detail: detail ?? null,
      toJSON() {
        return { name: this.name, entryType, startTime, duration, detail: this.detail };
      },
    });
    const timeOf = (mark) => {
      if (typeof mark === "number") return mark;
      const found = [...entries].reverse().find((e) => e.entryType === "mark" && e.name === mark);
      if (!found) {
        throw new DOMException(`The "${mark}" performance mark has not been set`, "SyntaxError");
      }
      return found.startTime;
    };
    const clear = (type) => (name) => {
      for (let i = entries.length - 1; i >= 0; i--) {
        if (entries[i].entryType === type && (name === undefined || entries[i].name === name)) {
          entries.splice(i, 1);
        }
      }
    };
    return {
      now,
      timeOrigin: Date.now(),
      mark(name, options = {}) {
        const made = entry(name, "mark", options.startTime ?? now(), 0, options.detail);
        entries.push(made);
        return made;
      },
      measure(name, start, end) {
        const options = typeof start === "object" && start !== null ? start : {};
        const from =
          options.start !== undefined
            ? timeOf(options.start)
            : typeof start === "string"
              ? timeOf(start)
              : 0;
        const to =
          options.end !== undefined ? timeOf(options.end) : end !== undefined ? timeOf(end) : now();
        const made = entry(name, "measure", from, to - from, options.detail);
        entries.push(made);
        return made;
      },
      // In start-time order, as Node's performance timeline lists them.
      getEntries: () => [...entries].sort((a, b) => a.startTime - b.startTime),
      getEntriesByName: (name, type) =>
        entries
          .filter((e) => e.name === name && (type === undefined || e.entryType === type))
          .sort((a, b) => a.startTime - b.startTime),
      getEntriesByType: (type) =>
        entries.filter((e) => e.entryType === type).sort((a, b) => a.startTime - b.startTime),
      clearMarks: clear("mark"),
      clearMeasures: clear("measure"),
      toJSON() {
        return { timeOrigin: this.timeOrigin };
      },
    };
  }

  const { URL, URLSearchParams } = builtin("url");
  const performanceStart = host("now");
  // Node 20 lists exactly these names in Object.keys(globalThis), in this order; its other
  // globals are there but not enumerable, and so are ours.
  const listedGlobals = {
    global: globalThis,
    clearImmediate: timerGlobals.clearImmediate,
    setImmediate: timerGlobals.setImmediate,
    clearInterval: timerGlobals.clearInterval,
    clearTimeout: timerGlobals.clearTimeout,
    setInterval: timerGlobals.setInterval,
    setTimeout: timerGlobals.setTimeout,
    queueMicrotask: timerGlobals.queueMicrotask,
    structuredClone,
    atob: (text) => Buffer.from(String(text), "base64").toString("latin1"),
    btoa: (text) => Buffer.from(String(text), "latin1").toString("base64"),
    performance: userTiming(() => host("now") - performanceStart),
    fetch,
    crypto: {
      randomUUID: () => host("randomUUID"),
      getRandomValues: (array) => builtin("crypto").getRandomValues(array),
      get subtle() {
        return builtin("crypto").subtle;
      },
    },
  };
  const unlistedGlobals = {
    Headers,
    Request,
    Response,
    process,
    console,
    Buffer,
    URL,
    URLSearchParams,
    TextEncoder,
    TextDecoder,
    Event,
    EventTarget,
    CustomEvent,
    DOMException,
    AbortController,
    AbortSignal,
    Blob: builtin("buffer").Blob,
    File: builtin("buffer").File,
  };
  for (const [names, enumerable] of [
    [listedGlobals, true],
    [unlistedGlobals, false],
  ]) {
    for (const [name, value] of Object.entries(names)) {
      Object.defineProperty(globalThis, name, {
        value,
        enumerable,
        writable: true,
        configurable: true,
      });
    }
  }
  // The web streams and message ports are globals too; their modules are made on first use,
  // not at every boot.
  const lazyGlobals = [
    ...[
      ...WEB_STREAM_CLASSES,
      "TextEncoderStream",
      "TextDecoderStream",
      "CompressionStream",
      "DecompressionStream",
    ].map((name) => [name, "stream/web"]),
    ["MessageChannel", "worker_threads"],
    ["MessagePort", "worker_threads"],
  ];
  for (const [name, moduleName] of lazyGlobals) {
    const settle = (value) =>
      Object.defineProperty(globalThis, name, { value, writable: true, configurable: true });
    Object.defineProperty(globalThis, name, {
      get() {
        const value = builtin(moduleName)[name];
        settle(value);
        return value;
      },
      set: settle,
      configurable: true,
    });
  }

  __skillbox.defineBuiltin("process", (_exports, _require, module) => {
    module.exports = process;
  });
  __skillbox.defineBuiltin("console", (_exports, _require, module) => {
    module.exports = console;
  });
  /**
   * timers/promises setInterval(): an async iterator that yields `value` once per `delay`;
   * ticks that come while no one is reading are counted and handed out one by one.
   */
  function intervalIterator(delay, value) {
    let pending = 0;
    let reader = null;
    const timer = timerGlobals.setInterval(() => {
      if (reader) {
        const resolve = reader;
        reader = null;
        resolve({ value, done: false });
      } else pending += 1;
    }, delay);
    return {
      next() {
        if (pending > 0) {
          pending -= 1;
          return Promise.resolve({ value, done: false });
        }
        return new Promise((resolve) => {
          reader = resolve;
        });
      },
      return() {
        timerGlobals.clearInterval(timer);
        if (reader) reader({ value: undefined, done: true });
        return Promise.resolve({ value: undefined, done: true });
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    };
  }
  __skillbox.defineBuiltin("timers", (_exports, _require, module) => {
    module.exports = { ...timerGlobals };
  });
  __skillbox.defineBuiltin("timers/promises", (_exports, _require, module) => {
    module.exports = {
      setTimeout: (delay, value) =>
        new Promise((resolve) => timerGlobals.setTimeout(resolve, delay, value)),
      setImmediate: (value) => new Promise((resolve) => timerGlobals.setImmediate(resolve, value)),
      setInterval: intervalIterator,
    };
  });
  __skillbox.defineBuiltin("readline/promises", (_exports, _require, module) => {
    const readline = builtin("readline");
    module.exports = {
      Interface: readline.Interface,
      /** readline's interface, with question() answering through a promise. */
      createInterface(...args) {
        const rl = readline.createInterface(...args);
        const ask = rl.question.bind(rl);
        rl.question = (query) => new Promise((resolve) => ask(query, resolve));
        return rl;
      },
    };
  });
  __skillbox.defineBuiltin("module", (_exports, _require, module) => {
    module.exports = Module;
  });
  __skillbox.defineBuiltin("fs/promises", (_exports, _require, module) => {
    module.exports = builtin("fs").promises;
  });
  __skillbox.defineBuiltin("path/posix", (_exports, _require, module) => {
    module.exports = path;
  });
  __skillbox.defineBuiltin("path/win32", (_exports, _require, module) => {
    module.exports = path.win32;
  });
  __skillbox.defineBuiltin("util/types", (_exports, _require, module) => {
    module.exports = util.types;
  });
  __skillbox.defineBuiltin("assert/strict", (_exports, _require, module) => {
    module.exports = builtin("assert");
  });
  Module.builtinModules = __skillbox.builtinNames();

  /**
   * `node -e CODE`: a module named `[eval]` in the working directory, its code evaluated where
   * `require`, `module`, `__filename` and `__dirname` are in scope, as Node's `-e` has them.
   */
  function runEval(code) {
    const filename = path.join(cwd, "[eval]");
    const module = new Module(filename, undefined);
    module.id = "[eval]";
    mainModule = module;
    const wrapper = host(
      "compile",
      "(function (exports, require, module, __filename, __dirname) { return eval(arguments[5]); })",
      "[eval]-wrapper",
    );
    wrapper.call(module.exports, module.exports, makeRequire(module), module, "[eval]", ".", code);
    module.loaded = true;
  }

  // ---- entry points called by the worker ---------------------------------------------------
  Object.assign(__skillbox, {
    takeStdin,
    start(json) {
      const options = JSON.parse(json);
      process.argv = options.argv;
      process.env = envProxy({ ...options.env });
      cwd = options.cwd;
      guard(() => {
        if (options.eval !== undefined) {
          runEval(options.eval);
          return;
        }
        const main = options.main;
        if (!exists(main)) throw notFound(main, undefined);
        if (isEsm(main)) {
          const source = esmSource(main);
          const result = host("evalModule", source, main);
          if (result && typeof result.then === "function") result.then(undefined, handleRejection);
        } else {
          const module = new Module(main, undefined);
          module.id = ".";
          mainModule = module;
          moduleCache[main] = module;
          const source = fs().readFileSync(main, "utf8");
          const body = source.startsWith("#!") ? `//${source}` : source;
          const wrapper = host(
            "compile",
            `(function (exports, require, module, __filename, __dirname) {${body}\n})`,
            main,
          );
          const require = makeRequire(module);
          wrapper.call(module.exports, module.exports, require, module, main, path.dirname(main));
          module.loaded = true;
        }
      });
    },
    runTicks() {
      let ran = 0;
      while (tickQueue.length > 0) {
        const tick = tickQueue.shift();
        ran++;
        guard(tick);
      }
      return ran;
    },
    childExit(id, json) {
      const settle = __skillbox.children.get(id);
      if (settle) guard(() => settle(JSON.parse(json)));
    },
    fire(id) {
      const timer = timers.get(id);
      if (!timer) return;
      if (timer._repeat) host("timer", id, timer._delay, false);
      else timers.delete(id);
      guard(() => timer._callback(...timer._args));
    },
    emitExit(code) {
      const final = code >= 0 ? code : (exitCode ?? 0);
      exitCode = final;
      try {
        process.emit("exit", final);
      } catch (error) {
        if (!(error instanceof ExitSignal)) printUncaught(error);
        return 1;
      }
      return exitCode ?? final;
    },
    reportUncaught(error) {
      printUncaught(error);
    },
    pendingTicks() {
      return tickQueue.length;
    },
    checkRejections() {
      for (const promise of [...unhandled]) {
        unhandled.delete(promise);
        guard(() => handleRejection(promise.reason));
      }
    },
    resolveImport: resolveImportOrMissing,
    resolveImportUrl: (specifier, base) => {
      const resolved = resolveImport(specifier, base);
      return resolved.startsWith("node:") ? resolved : `file://${encodeURI(resolved)}`;
    },
    moduleSource,
    requireLoaded(filename) {
      return moduleCache[filename].exports;
    },
  });
}
