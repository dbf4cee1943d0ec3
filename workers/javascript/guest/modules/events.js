// node:events
// A plain constructor, as Node's is: older code (readable-stream among it) calls
// EventEmitter.call(this), which a class constructor refuses.
function EventEmitter(options) {
  EventEmitter.init.call(this, options);
}

EventEmitter.init = function init() {
  if (!this._events || this._events === Object.getPrototypeOf(this)._events) {
    this._events = Object.create(null);
    this._eventsCount = 0;
  }
  this._maxListeners = this._maxListeners || undefined;
};

class EventEmitterMethods {
  setMaxListeners(n) {
    this._maxListeners = n;
    return this;
  }

  getMaxListeners() {
    return this._maxListeners === undefined ? EventEmitter.defaultMaxListeners : this._maxListeners;
  }

  emit(type, ...args) {
    const events = this._events;
    const handler = events?.[type];
    if (type === "error" && handler === undefined) {
      const er = args[0];
      if (er instanceof Error) throw er;
      const err = new Error(
        `Unhandled error.${er === undefined ? "" : ` (${require("util").inspect(er)})`}`,
      );
      err.code = "ERR_UNHANDLED_ERROR";
      err.context = er;
      throw err;
    }
    if (handler === undefined) return false;
    if (typeof handler === "function") {
      handler.apply(this, args);
    } else {
      for (const listener of [...handler]) listener.apply(this, args);
    }
    return true;
  }

  _add(type, listener, prepend) {
    if (typeof listener !== "function") {
      throw invalidArgType("listener", "of type function", listener);
    }
    EventEmitter.init.call(this);
    if (this._events.newListener !== undefined)
      this.emit("newListener", type, listener.listener ?? listener);
    const existing = this._events[type];
    if (existing === undefined) {
      this._events[type] = listener;
      this._eventsCount++;
    } else if (typeof existing === "function") {
      this._events[type] = prepend ? [listener, existing] : [existing, listener];
    } else if (prepend) {
      existing.unshift(listener);
    } else {
      existing.push(listener);
    }
    return this;
  }

  on(type, listener) {
    return this._add(type, listener, false);
  }

  prependListener(type, listener) {
    return this._add(type, listener, true);
  }

  _wrapOnce(type, listener) {
    const state = { fired: false, target: this, type, listener };
    const wrapped = (...args) => {
      if (!state.fired) {
        state.target.removeListener(state.type, wrapped);
        state.fired = true;
        return state.listener.apply(state.target, args);
      }
    };
    wrapped.listener = listener;
    return wrapped;
  }

  once(type, listener) {
    return this.on(type, this._wrapOnce(type, listener));
  }

  prependOnceListener(type, listener) {
    return this.prependListener(type, this._wrapOnce(type, listener));
  }

  removeListener(type, listener) {
    const list = this._events?.[type];
    if (list === undefined) return this;
    if (list === listener || list.listener === listener) {
      if (--this._eventsCount === 0) this._events = Object.create(null);
      else delete this._events[type];
      if (this._events.removeListener) this.emit("removeListener", type, list.listener || listener);
    } else if (typeof list !== "function") {
      for (let i = list.length - 1; i >= 0; i--) {
        if (list[i] === listener || list[i].listener === listener) {
          list.splice(i, 1);
          if (list.length === 1) this._events[type] = list[0];
          if (this._events.removeListener !== undefined)
            this.emit("removeListener", type, listener);
          break;
        }
      }
    }
    return this;
  }

  off(type, listener) {
    return this.removeListener(type, listener);
  }

  removeAllListeners(type) {
    if (this._events === undefined) return this;
    if (type === undefined) {
      this._events = Object.create(null);
      this._eventsCount = 0;
    } else if (this._events[type] !== undefined) {
      if (--this._eventsCount === 0) this._events = Object.create(null);
      else delete this._events[type];
    }
    return this;
  }

  listeners(type) {
    const list = this._events?.[type];
    if (list === undefined) return [];
    if (typeof list === "function") return [list.listener || list];
    return list.map((l) => l.listener || l);
  }

  rawListeners(type) {
    const list = this._events?.[type];
    if (list === undefined) return [];
    return typeof list === "function" ? [list] : [...list];
  }

  listenerCount(type) {
    const list = this._events?.[type];
    if (list === undefined) return 0;
    return typeof list === "function" ? 1 : list.length;
  }

  eventNames() {
    return this._eventsCount > 0 ? Reflect.ownKeys(this._events) : [];
  }
}

EventEmitter.prototype = EventEmitterMethods.prototype;
Object.defineProperty(EventEmitter.prototype, "constructor", {
  value: EventEmitter,
  writable: true,
  configurable: true,
});
EventEmitter.prototype.addListener = EventEmitter.prototype.on;
EventEmitter.prototype._events = undefined;
EventEmitter.prototype._eventsCount = 0;
EventEmitter.prototype._maxListeners = undefined;
EventEmitter.defaultMaxListeners = 10;
EventEmitter.EventEmitter = EventEmitter;
EventEmitter.errorMonitor = Symbol("events.errorMonitor");
EventEmitter.once = (emitter, name) =>
  new Promise((resolve, reject) => {
    const onError = (err) => {
      emitter.removeListener(name, onEvent);
      reject(err);
    };
    const onEvent = (...args) => {
      if (name !== "error") emitter.removeListener("error", onError);
      resolve(args);
    };
    emitter.once(name, onEvent);
    if (name !== "error") emitter.once("error", onError);
  });
EventEmitter.listenerCount = (emitter, type) => emitter.listenerCount(type);

/**
 * events.on(): each emission of `name` as one step of an async iterator, queued until read; an
 * 'error' emission (or the signal's abort) rejects the next read and ends the iteration.
 */
EventEmitter.on = function on(emitter, name, options = {}) {
  const queued = [];
  const readers = [];
  let failure = null;
  let finished = false;
  const onEvent = (...args) => {
    const reader = readers.shift();
    if (reader) reader.resolve({ value: args, done: false });
    else queued.push(args);
  };
  const stop = () => {
    finished = true;
    emitter.removeListener(name, onEvent);
    emitter.removeListener("error", onError);
    for (const reader of readers.splice(0)) reader.resolve({ value: undefined, done: true });
  };
  function onError(error) {
    const reader = readers.shift();
    if (reader) reader.reject(error);
    else failure = error;
    stop();
  }
  emitter.on(name, onEvent);
  if (name !== "error") emitter.on("error", onError);
  const { signal } = options;
  if (signal) {
    const aborted = () => {
      const error = new Error("The operation was aborted");
      error.name = "AbortError";
      error.code = "ABORT_ERR";
      error.cause = signal.reason;
      onError(error);
    };
    if (signal.aborted) aborted();
    else signal.addEventListener("abort", aborted, { once: true });
  }
  return {
    next() {
      if (queued.length > 0) return Promise.resolve({ value: queued.shift(), done: false });
      if (failure !== null) {
        const error = failure;
        failure = null;
        return Promise.reject(error);
      }
      if (finished) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve, reject) => readers.push({ resolve, reject }));
    },
    return() {
      stop();
      return Promise.resolve({ value: undefined, done: true });
    },
    throw(error) {
      stop();
      return Promise.reject(error);
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
};

/** The listeners of an emitter or an EventTarget, as Node's events.getEventListeners lists them. */
EventEmitter.getEventListeners = (target, name) =>
  typeof target.listeners === "function"
    ? target.listeners(name)
    : (target._listeners?.get(name) ?? []).map((entry) => entry.listener);
module.exports = EventEmitter;
