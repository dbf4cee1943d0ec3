// The web platform's small globals Node also has: text coding, events, DOMException, abort
// signals and structuredClone. Internal: node.js puts them on globalThis.
const { host } = __skillbox;
const { Buffer } = require("buffer");

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
    require("timers").setTimeout(() => signal._abort(err), ms);
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

module.exports = {
  TextEncoder,
  TextDecoder,
  Event,
  EventTarget,
  CustomEvent,
  DOMException,
  AbortSignal,
  AbortController,
  structuredClone,
};
