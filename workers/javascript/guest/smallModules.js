// Node's smaller built-in modules. Each loads, as in Node; what would need threads, processes,
// a debugger or a network fails when called, with an error naming what is missing.
{
  const { defineBuiltin, notSupported, spawnError, WEB_STREAM_CLASSES } = __skillbox;
  const define = (name, build) =>
    defineBuiltin(name, (_exports, require, module) => {
      module.exports = build(require);
    });

  define("worker_threads", (require) => {
    const EventEmitter = require("events");
    class Worker extends EventEmitter {
      constructor() {
        super();
        const error = notSupported("new Worker()");
        process.nextTick(() => this.emit("error", error));
        this.threadId = -1;
      }
      postMessage() {}
      terminate() {
        return Promise.resolve(1);
      }
      ref() {}
      unref() {}
    }
    class MessagePort extends EventEmitter {
      postMessage(message) {
        const peer = this._peer;
        if (peer) process.nextTick(() => peer.emit("message", structuredClone(message)));
      }
      start() {}
      close() {
        this._peer = undefined;
      }
      ref() {}
      unref() {}
      // The web's side of a port: a MessageEvent-like `{ data }` for each message.
      set onmessage(listener) {
        if (this._onmessage) this.removeListener("message", this._onmessage);
        this._onmessage =
          typeof listener === "function"
            ? (data) => listener.call(this, { data, target: this })
            : null;
        if (this._onmessage) this.on("message", this._onmessage);
      }
      get onmessage() {
        return this._onmessage ?? null;
      }
      addEventListener(type, listener) {
        this.on(type, (data) =>
          (typeof listener === "function" ? listener : listener.handleEvent).call(this, {
            data,
            target: this,
          }),
        );
      }
    }
    class MessageChannel {
      constructor() {
        this.port1 = new MessagePort();
        this.port2 = new MessagePort();
        this.port1._peer = this.port2;
        this.port2._peer = this.port1;
      }
    }
    return {
      isMainThread: true,
      parentPort: null,
      workerData: null,
      threadId: 0,
      resourceLimits: {},
      SHARE_ENV: Symbol("nodejs.worker_threads.SHARE_ENV"),
      Worker,
      MessageChannel,
      MessagePort,
      BroadcastChannel: class BroadcastChannel extends EventEmitter {
        postMessage() {}
        close() {}
      },
      markAsUntransferable() {},
      receiveMessageOnPort: () => undefined,
      getEnvironmentData: () => undefined,
      setEnvironmentData() {},
    };
  });

  define("cluster", (require) => {
    const cluster = new (require("events"))();
    Object.assign(cluster, {
      isPrimary: true,
      isMaster: true,
      isWorker: false,
      workers: {},
      settings: {},
      SCHED_NONE: 1,
      SCHED_RR: 2,
      setupPrimary() {},
      setupMaster() {},
      disconnect(callback) {
        if (typeof callback === "function") process.nextTick(callback);
      },
      fork() {
        throw spawnError("spawn", process.execPath, []);
      },
    });
    return cluster;
  });

  define("dgram", (require) => {
    const EventEmitter = require("events");
    const { lookupError } = __skillbox;
    class Socket extends EventEmitter {
      bind(...args) {
        const callback = args.find((a) => typeof a === "function");
        if (callback) this.once("listening", callback);
        process.nextTick(() => this.emit("error", notSupported("Binding a UDP socket")));
        return this;
      }
      send(_message, ...args) {
        const callback = args.find((a) => typeof a === "function");
        const host = args.find((a) => typeof a === "string") ?? "localhost";
        const local = host === "localhost" || require("net").isIP(host) !== 0;
        // A datagram to an address leaves without an answer; a name must resolve first.
        if (callback) process.nextTick(callback, local ? null : lookupError(host));
      }
      close(callback) {
        if (typeof callback === "function") process.nextTick(callback);
        process.nextTick(() => this.emit("close"));
        return this;
      }
      address() {
        return { address: "0.0.0.0", family: "IPv4", port: 0 };
      }
      ref() {
        return this;
      }
      unref() {
        return this;
      }
      setBroadcast() {}
      setTTL() {}
    }
    return { Socket, createSocket: () => new Socket() };
  });

  define("inspector", () => ({
    url: () => undefined,
    open() {
      throw notSupported("The inspector");
    },
    close() {},
    waitForDebugger() {
      throw notSupported("The inspector");
    },
    console: globalThis.console,
    Session: class Session {
      connect() {
        throw notSupported("An inspector session");
      }
      post() {
        throw notSupported("An inspector session");
      }
      disconnect() {}
    },
  }));
  define("inspector/promises", (require) => require("inspector"));

  define("v8", (require) => {
    const { Buffer } = require("buffer");
    return {
      getHeapStatistics: () => ({
        total_heap_size: 0,
        total_heap_size_executable: 0,
        total_physical_size: 0,
        total_available_size: 0,
        used_heap_size: 0,
        heap_size_limit: 512 * 1024 * 1024,
        malloced_memory: 0,
        peak_malloced_memory: 0,
        does_zap_garbage: 0,
        number_of_native_contexts: 1,
        number_of_detached_contexts: 0,
        total_global_handles_size: 0,
        used_global_handles_size: 0,
        external_memory: 0,
      }),
      getHeapSpaceStatistics: () => [],
      cachedDataVersionTag: () => 0,
      setFlagsFromString() {},
      // JSON, not V8's wire format: enough for the deep-copy idiom deserialize(serialize(x))
      // over plain data, which is what scripts use it for.
      serialize: (value) => Buffer.from(JSON.stringify(value)),
      deserialize: (buffer) => JSON.parse(Buffer.from(buffer).toString("utf8")),
    };
  });

  define("tty", (require) => {
    const net = require("net");
    return {
      isatty: () => false,
      ReadStream: class ReadStream extends net.Socket {},
      WriteStream: class WriteStream extends net.Socket {},
    };
  });

  define("perf_hooks", () => ({
    performance: globalThis.performance,
    PerformanceObserver: class PerformanceObserver {
      observe() {}
      disconnect() {}
    },
    monitorEventLoopDelay: () => ({
      enable() {},
      disable() {},
      min: 0,
      max: 0,
      mean: 0,
      stddev: 0,
      percentile: () => 0,
    }),
    createHistogram: () => ({ record() {}, min: 0, max: 0, mean: 0, percentile: () => 0 }),
    constants: {},
  }));

  define("async_hooks", () => {
    // One thread and no hooks into the engine's jobs: a store lives for the synchronous call and
    // for the promise chain that call returns.
    class AsyncLocalStorage {
      getStore() {
        return this._store;
      }
      run(store, callback, ...args) {
        const previous = this._store;
        this._store = store;
        try {
          const result = callback(...args);
          if (result && typeof result.then === "function") {
            return result.finally(() => {
              this._store = previous;
            });
          }
          this._store = previous;
          return result;
        } catch (error) {
          this._store = previous;
          throw error;
        }
      }
      enterWith(store) {
        this._store = store;
      }
      exit(callback, ...args) {
        return this.run(undefined, callback, ...args);
      }
      disable() {
        this._store = undefined;
      }
      static bind(fn) {
        return fn;
      }
      static snapshot() {
        return (fn, ...args) => fn(...args);
      }
    }
    class AsyncResource {
      constructor(type) {
        this.type = type;
      }
      runInAsyncScope(fn, thisArg, ...args) {
        return fn.apply(thisArg, args);
      }
      bind(fn) {
        return fn.bind(this);
      }
      emitDestroy() {
        return this;
      }
      asyncId() {
        return 1;
      }
      triggerAsyncId() {
        return 0;
      }
      static bind(fn) {
        return fn;
      }
    }
    return {
      AsyncLocalStorage,
      AsyncResource,
      createHook: () => ({
        enable() {
          return this;
        },
        disable() {
          return this;
        },
      }),
      executionAsyncId: () => 1,
      triggerAsyncId: () => 0,
      executionAsyncResource: () => ({}),
      asyncWrapProviders: {},
    };
  });

  define("diagnostics_channel", () => {
    const channels = new Map();
    class Channel {
      constructor(name) {
        this.name = name;
        this._subscribers = [];
      }
      get hasSubscribers() {
        return this._subscribers.length > 0;
      }
      publish(message) {
        for (const subscriber of [...this._subscribers]) subscriber(message, this.name);
      }
      subscribe(subscriber) {
        this._subscribers.push(subscriber);
      }
      unsubscribe(subscriber) {
        const before = this._subscribers.length;
        this._subscribers = this._subscribers.filter((s) => s !== subscriber);
        return this._subscribers.length < before;
      }
    }
    const channel = (name) => {
      if (!channels.has(name)) channels.set(name, new Channel(name));
      return channels.get(name);
    };
    return {
      channel,
      hasSubscribers: (name) => channels.get(name)?.hasSubscribers ?? false,
      subscribe: (name, subscriber) => channel(name).subscribe(subscriber),
      unsubscribe: (name, subscriber) => channel(name).unsubscribe(subscriber),
      Channel,
    };
  });

  define("repl", () => ({
    start() {
      throw notSupported("An interactive REPL");
    },
    builtinModules: __skillbox.builtinNames(),
  }));

  define("domain", (require) => {
    const EventEmitter = require("events");
    class Domain extends EventEmitter {
      run(fn, ...args) {
        try {
          return fn(...args);
        } catch (error) {
          if (this.listenerCount("error") === 0) throw error;
          this.emit("error", error);
          return undefined;
        }
      }
      add() {}
      remove() {}
      bind(fn) {
        return (...args) => this.run(fn, ...args);
      }
      intercept(fn) {
        return (error, ...args) => (error ? this.emit("error", error) : this.run(fn, ...args));
      }
      enter() {}
      exit() {}
      dispose() {}
    }
    return { Domain, create: () => new Domain(), createDomain: () => new Domain() };
  });

  define("trace_events", () => ({
    createTracing: ({ categories }) => ({
      categories: categories.join(","),
      enabled: false,
      enable() {},
      disable() {},
    }),
    getEnabledCategories: () => undefined,
  }));

  define("wasi", () => ({
    WASI: class WASI {
      constructor() {
        throw notSupported("node:wasi");
      }
    },
  }));

  define("test", () => {
    const refuse = () => {
      throw notSupported("The node:test runner");
    };
    return Object.assign(refuse, { test: refuse, describe: refuse, it: refuse, mock: {} });
  });

  define("constants", (require) => ({
    ...require("os").constants?.errno,
    ...require("os").constants?.signals,
    ...require("fs").constants,
  }));
  define("sys", (require) => require("util"));
  define("dns/promises", (require) => require("dns").promises);
  define("stream/promises", (require) => require("stream").promises);
  define("stream/consumers", (require) => {
    const { Buffer } = require("buffer");
    const collect = async (stream) => {
      const chunks = [];
      for await (const chunk of stream)
        chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk));
      return Buffer.concat(chunks);
    };
    return {
      buffer: collect,
      arrayBuffer: async (stream) => {
        const bytes = await collect(stream);
        return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
      },
      text: async (stream) => (await collect(stream)).toString("utf8"),
      json: async (stream) => JSON.parse((await collect(stream)).toString("utf8")),
      blob: async () => {
        throw notSupported("stream/consumers blob()");
      },
    };
  });
  define("stream/web", (require) => {
    const streams = require("internal/web-streams");
    const { StringDecoder } = require("string_decoder");
    const { TransformStream } = streams;
    class TextEncoderStream {
      constructor() {
        const encoder = new TextEncoder();
        const { readable, writable } = new TransformStream({
          transform(chunk, controller) {
            const bytes = encoder.encode(String(chunk));
            if (bytes.length > 0) controller.enqueue(bytes);
          },
        });
        Object.assign(this, { encoding: "utf-8", readable, writable });
      }
    }
    class TextDecoderStream {
      constructor(encoding = "utf-8", options = {}) {
        const decoder = new StringDecoder(encoding === "utf-8" ? "utf8" : encoding);
        const { readable, writable } = new TransformStream({
          transform(chunk, controller) {
            const text = decoder.write(Buffer.from(chunk));
            if (text) controller.enqueue(text);
          },
          flush(controller) {
            const text = decoder.end();
            if (text) controller.enqueue(text);
          },
        });
        Object.assign(this, {
          encoding: encoding.toLowerCase(),
          fatal: options.fatal === true,
          ignoreBOM: options.ignoreBOM === true,
          readable,
          writable,
        });
      }
    }
    // Whole-input codecs: the bytes come out at the end, which is what a stream of them reads.
    const CODECS = {
      gzip: ["gzipSync", "gunzipSync"],
      deflate: ["deflateSync", "inflateSync"],
      "deflate-raw": ["deflateRawSync", "inflateRawSync"],
    };
    function codecStream(format, direction) {
      const codec = Object.hasOwn(CODECS, format) ? CODECS[format] : undefined;
      if (!codec) {
        const shown = require("util").inspect(format);
        throw nodeError(
          TypeError,
          "ERR_INVALID_ARG_VALUE",
          `The argument 'format' is invalid. Received ${shown}`,
        );
      }
      const zlib = require("zlib");
      const chunks = [];
      return new TransformStream({
        transform(chunk) {
          chunks.push(Buffer.from(chunk));
        },
        flush(controller) {
          controller.enqueue(new Uint8Array(zlib[codec[direction]](Buffer.concat(chunks))));
        },
      });
    }
    class CompressionStream {
      constructor(format) {
        const { readable, writable } = codecStream(format, 0);
        Object.assign(this, { readable, writable });
      }
    }
    class DecompressionStream {
      constructor(format) {
        const { readable, writable } = codecStream(format, 1);
        Object.assign(this, { readable, writable });
      }
    }
    return {
      ...Object.fromEntries(WEB_STREAM_CLASSES.map((name) => [name, streams[name]])),
      TextEncoderStream,
      TextDecoderStream,
      CompressionStream,
      DecompressionStream,
    };
  });
}
