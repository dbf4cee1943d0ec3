// The Node runtime: process, console, timers, globals and the CommonJS/ES module systems.

{
  const { host, ExitSignal, builtin, WEB_STREAM_CLASSES } = __skillbox;
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

  // ---- modules (internal/modules) ---------------------------------------------------------
  const fs = () => builtin("fs");
  const {
    Module,
    moduleCache,
    setMain,
    makeRequire,
    exists,
    isEsm,
    esmSource,
    notFound,
    resolveImport,
    resolveImportOrMissing,
    moduleSource,
  } = builtin("internal/modules");

  // ---- web globals (internal/web_globals, internal/fetch, internal/performance) ------------
  const {
    TextEncoder,
    TextDecoder,
    Event,
    EventTarget,
    CustomEvent,
    DOMException,
    AbortSignal,
    AbortController,
    structuredClone,
  } = builtin("internal/web_globals");
  const { Headers, Request, Response, fetch } = builtin("internal/fetch");
  const { userTiming } = builtin("internal/performance");

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
    setMain(module);
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
          setMain(module);
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
