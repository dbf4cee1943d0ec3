// node:buffer — Buffer as a Uint8Array subclass; UTF-8 goes through the host's TextEncoder.
const host = __skillbox.host;
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function normalizeEncoding(encoding) {
  const e = String(encoding ?? "utf8").toLowerCase();
  switch (e) {
    case "utf8":
    case "utf-8":
      return "utf8";
    case "hex":
    case "base64":
    case "base64url":
    case "ascii":
      return e;
    case "latin1":
    case "binary":
      return "latin1";
    case "ucs2":
    case "ucs-2":
    case "utf16le":
    case "utf-16le":
      return "utf16le";
    default: {
      const err = new TypeError(`Unknown encoding: ${encoding}`);
      err.code = "ERR_UNKNOWN_ENCODING";
      throw err;
    }
  }
}

function encode(string, encoding) {
  switch (normalizeEncoding(encoding)) {
    case "utf8":
      return new Uint8Array(host("utf8Encode", string));
    case "hex": {
      const bytes = [];
      for (let i = 0; i + 1 < string.length; i += 2) {
        const byte = Number.parseInt(string.slice(i, i + 2), 16);
        if (Number.isNaN(byte)) break;
        bytes.push(byte);
      }
      return new Uint8Array(bytes);
    }
    case "base64":
    case "base64url": {
      const clean = string.replace(/[^A-Za-z0-9+/\-_]/g, "");
      const bytes = [];
      let bits = 0;
      let value = 0;
      for (const ch of clean) {
        const index = ch === "-" ? 62 : ch === "_" ? 63 : B64.indexOf(ch);
        value = (value << 6) | index;
        bits += 6;
        if (bits >= 8) {
          bits -= 8;
          bytes.push((value >> bits) & 0xff);
        }
      }
      return new Uint8Array(bytes);
    }
    case "ascii":
    case "latin1":
      return Uint8Array.from(string, (c) => c.charCodeAt(0) & 0xff);
    case "utf16le": {
      const bytes = new Uint8Array(string.length * 2);
      for (let i = 0; i < string.length; i++) {
        const c = string.charCodeAt(i);
        bytes[i * 2] = c & 0xff;
        bytes[i * 2 + 1] = c >> 8;
      }
      return bytes;
    }
  }
}

function decode(bytes, encoding) {
  switch (normalizeEncoding(encoding)) {
    case "utf8":
      return host(
        "utf8Decode",
        bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length),
      );
    case "hex":
      return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    case "base64":
    case "base64url": {
      const url = normalizeEncoding(encoding) === "base64url";
      let out = "";
      for (let i = 0; i < bytes.length; i += 3) {
        const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
        out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63];
        out += i + 1 < bytes.length ? B64[(n >> 6) & 63] : url ? "" : "=";
        out += i + 2 < bytes.length ? B64[n & 63] : url ? "" : "=";
      }
      return url ? out.replaceAll("+", "-").replaceAll("/", "_") : out;
    }
    case "ascii":
      return Array.from(bytes, (b) => String.fromCharCode(b & 0x7f)).join("");
    case "latin1":
      return Array.from(bytes, (b) => String.fromCharCode(b)).join("");
    case "utf16le": {
      let out = "";
      for (let i = 0; i + 1 < bytes.length; i += 2)
        out += String.fromCharCode(bytes[i] | (bytes[i + 1] << 8));
      return out;
    }
  }
}

class Buffer extends Uint8Array {
  static from(value, encodingOrOffset, length) {
    if (typeof value === "string") return toBuffer(encode(value, encodingOrOffset));
    if (value instanceof ArrayBuffer) {
      const offset = encodingOrOffset ?? 0;
      return new Buffer(value, offset, length ?? value.byteLength - offset);
    }
    if (ArrayBuffer.isView(value))
      return toBuffer(
        new Uint8Array(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength)),
      );
    if (Array.isArray(value)) return toBuffer(Uint8Array.from(value, (v) => v & 0xff));
    if (value && value.type === "Buffer" && Array.isArray(value.data))
      return Buffer.from(value.data);
    if (value && typeof value.length === "number") return toBuffer(Uint8Array.from(value));
    const err = new TypeError(
      "The first argument must be of type string or an instance of Buffer, ArrayBuffer, or Array or an Array-like Object.",
    );
    err.code = "ERR_INVALID_ARG_TYPE";
    throw err;
  }

  static alloc(size, fill, encoding) {
    const buf = new Buffer(size);
    if (fill !== undefined) buf.fill(fill, 0, size, encoding);
    return buf;
  }

  static allocUnsafe(size) {
    return new Buffer(size);
  }

  static allocUnsafeSlow(size) {
    return new Buffer(size);
  }

  static isBuffer(value) {
    return value instanceof Buffer;
  }

  static isEncoding(encoding) {
    try {
      normalizeEncoding(encoding);
      return typeof encoding === "string";
    } catch {
      return false;
    }
  }

  static byteLength(value, encoding) {
    if (typeof value !== "string") return value.byteLength;
    return encode(value, encoding).length;
  }

  static concat(list, totalLength) {
    const total = totalLength ?? list.reduce((sum, b) => sum + b.length, 0);
    const out = Buffer.alloc(total);
    let offset = 0;
    for (const b of list) {
      if (offset >= total) break;
      out.set(b.subarray(0, total - offset), offset);
      offset += Math.min(b.length, total - offset);
    }
    return out;
  }

  static compare(a, b) {
    return a.compare(b);
  }

  toString(encoding, start = 0, end = this.length) {
    return decode(this.subarray(start, end), encoding);
  }

  toJSON() {
    return { type: "Buffer", data: Array.from(this) };
  }

  equals(other) {
    return this.compare(other) === 0;
  }

  compare(
    other,
    targetStart = 0,
    targetEnd = other.length,
    sourceStart = 0,
    sourceEnd = this.length,
  ) {
    const a = this.subarray(sourceStart, sourceEnd);
    const b = other.subarray(targetStart, targetEnd);
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
    return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
  }

  write(string, offset = 0, length, encoding) {
    if (typeof offset === "string") {
      encoding = offset;
      offset = 0;
    } else if (typeof length === "string") {
      encoding = length;
      length = undefined;
    }
    const bytes = encode(string, encoding);
    const n = Math.min(bytes.length, this.length - offset, length ?? Number.POSITIVE_INFINITY);
    this.set(bytes.subarray(0, n), offset);
    return n;
  }

  fill(value, offset = 0, end = this.length, encoding) {
    if (typeof offset === "string") {
      encoding = offset;
      offset = 0;
      end = this.length;
    }
    if (typeof value === "string") {
      const bytes = encode(value, encoding);
      if (bytes.length === 0) return super.fill(0, offset, end);
      for (let i = offset; i < end; i++) this[i] = bytes[(i - offset) % bytes.length];
      return this;
    }
    return super.fill(typeof value === "number" ? value & 0xff : 0, offset, end);
  }

  slice(start, end) {
    return this.subarray(start, end);
  }

  subarray(start, end) {
    const view = super.subarray(start, end);
    return new Buffer(view.buffer, view.byteOffset, view.length);
  }

  copy(target, targetStart = 0, sourceStart = 0, sourceEnd = this.length) {
    const part = this.subarray(
      sourceStart,
      Math.min(sourceEnd, sourceStart + target.length - targetStart),
    );
    target.set(part, targetStart);
    return part.length;
  }

  indexOf(value, byteOffset = 0, encoding) {
    if (typeof value === "number") return super.indexOf(value & 0xff, byteOffset);
    const needle = typeof value === "string" ? encode(value, encoding) : value;
    outer: for (let i = byteOffset; i <= this.length - needle.length; i++) {
      for (let j = 0; j < needle.length; j++) if (this[i + j] !== needle[j]) continue outer;
      return i;
    }
    return -1;
  }

  includes(value, byteOffset, encoding) {
    return this.indexOf(value, byteOffset, encoding) !== -1;
  }

  get parent() {
    return this.buffer;
  }

  _view() {
    return new DataView(this.buffer, this.byteOffset, this.byteLength);
  }
}

// ---- numbers in bytes, with Node's checks (lib/internal/buffer.js) ------------------------

function checkNumber(value, name) {
  if (typeof value !== "number") throw invalidArgType(name, "of type number", value);
}

function boundsError(value, last, name) {
  if (Math.floor(value) !== value) throw outOfRange(name ?? "offset", "an integer", value);
  if (last < 0) {
    throw nodeError(
      RangeError,
      "ERR_BUFFER_OUT_OF_BOUNDS",
      "Attempt to access memory outside buffer bounds",
    );
  }
  throw outOfRange(name ?? "offset", `>= ${name ? 1 : 0} and <= ${last}`, value);
}

/** `offset` a number, and `size` bytes from it inside `buf`. */
function checkBounds(buf, offset, size) {
  checkNumber(offset, "offset");
  if (buf[offset] === undefined || buf[offset + size - 1] === undefined) {
    boundsError(offset, buf.length - size);
  }
}

/** `value` within what `size` bytes hold, worded as Node words each width. */
function checkValue(value, min, max, size) {
  if (value <= max && value >= min) return;
  const n = typeof min === "bigint" ? "n" : "";
  let range = `>= ${min}${n} and <= ${max}${n}`;
  if (size > 4) {
    const bits = size * 8;
    range =
      min === 0 || min === 0n
        ? `>= 0${n} and < 2${n} ** ${bits}${n}`
        : `>= -(2${n} ** ${bits - 1}${n}) and < 2${n} ** ${bits - 1}${n}`;
  }
  throw outOfRange("value", range, value);
}

const numberMethods = [
  // name, DataView type, size, smallest and largest value (none for floats)
  ["UInt8", "Uint8", 1, 0, 0xff],
  ["Int8", "Int8", 1, -0x80, 0x7f],
  ["UInt16", "Uint16", 2, 0, 0xffff],
  ["Int16", "Int16", 2, -0x8000, 0x7fff],
  ["UInt32", "Uint32", 4, 0, 0xffffffff],
  ["Int32", "Int32", 4, -0x80000000, 0x7fffffff],
  ["Float", "Float32", 4],
  ["Double", "Float64", 8],
  ["BigUInt64", "BigUint64", 8, 0n, 2n ** 64n - 1n],
  ["BigInt64", "BigInt64", 8, -(2n ** 63n), 2n ** 63n - 1n],
];
for (const [name, view, size, min, max] of numberMethods) {
  for (const [suffix, little] of size === 1
    ? [["", false]]
    : [
        ["LE", true],
        ["BE", false],
      ]) {
    Buffer.prototype[`read${name}${suffix}`] = function (offset = 0) {
      checkBounds(this, offset, size);
      return this._view()[`get${view}`](offset, little);
    };
    Buffer.prototype[`write${name}${suffix}`] = function (value, offset = 0) {
      const number = typeof min === "bigint" ? value : +value;
      if (size === 1) checkNumber(offset, "offset");
      if (min !== undefined) checkValue(number, min, max, size);
      checkBounds(this, offset, size);
      this._view()[`set${view}`](offset, number, little);
      return offset + size;
    };
  }
}

/** Node's readUIntLE/readIntBE… and their writes: 1 to 6 bytes, either byte order. */
function variableWidth(byteLength) {
  checkNumber(byteLength, "byteLength");
  if (!Number.isInteger(byteLength) || byteLength < 1 || byteLength > 6) {
    boundsError(byteLength, 6, "byteLength");
  }
}
for (const [suffix, little] of [
  ["LE", true],
  ["BE", false],
]) {
  const at = (offset, byteLength, i) => offset + (little ? i : byteLength - 1 - i);
  for (const signed of [false, true]) {
    const name = signed ? "Int" : "UInt";
    Buffer.prototype[`read${name}${suffix}`] = function (offset, byteLength) {
      checkNumber(offset, "offset");
      variableWidth(byteLength);
      checkBounds(this, offset, byteLength);
      let value = 0;
      for (let i = byteLength - 1; i >= 0; i--)
        value = value * 256 + this[at(offset, byteLength, i)];
      const whole = 2 ** (8 * byteLength);
      return signed && value >= whole / 2 ? value - whole : value;
    };
    Buffer.prototype[`write${name}${suffix}`] = function (value, offset, byteLength) {
      const number = +value;
      variableWidth(byteLength);
      const whole = 2 ** (8 * byteLength);
      if (byteLength === 1) checkNumber(offset, "offset");
      checkValue(number, signed ? -whole / 2 : 0, signed ? whole / 2 - 1 : whole - 1, byteLength);
      checkBounds(this, offset, byteLength);
      let rest = Math.trunc(number) < 0 ? Math.trunc(number) + whole : Math.trunc(number);
      for (let i = 0; i < byteLength; i++) {
        this[at(offset, byteLength, i)] = rest % 256;
        rest = Math.floor(rest / 256);
      }
      return offset + byteLength;
    };
  }
}

for (const method of Object.getOwnPropertyNames(Buffer.prototype)) {
  if (/^(read|write)(Big)?UInt/.test(method)) {
    Buffer.prototype[method.replace("UInt", "Uint")] = Buffer.prototype[method];
  }
}

function toBuffer(bytes) {
  return new Buffer(bytes.buffer, bytes.byteOffset, bytes.length);
}

/**
 * The `Buffer` scripts see: also callable without `new`, and `new Buffer(string | array)`, as Node
 * still allows both (with its DEP0005 warning). The class's own `new Buffer(...)` calls keep
 * typed-array meaning; a subclass constructs through the class.
 */
let warnedBufferConstructor = false;
function legacyBuffer(args) {
  if (!warnedBufferConstructor) {
    warnedBufferConstructor = true;
    globalThis.process?.emitWarning(
      "Buffer() is deprecated due to security and usability issues. Please use the Buffer.alloc(), Buffer.allocUnsafe(), or Buffer.from() methods instead.",
      "DeprecationWarning",
      "DEP0005",
    );
  }
  const [value, encodingOrOffset, length] = args;
  if (typeof value === "number") {
    if (typeof encodingOrOffset === "string")
      throw invalidArgType("string", "of type string", value);
    return Buffer.alloc(value);
  }
  return Buffer.from(value, encodingOrOffset, length);
}
const PublicBuffer = new Proxy(Buffer, {
  apply: (_target, _this, args) => legacyBuffer(args),
  construct: (target, args, newTarget) =>
    newTarget === PublicBuffer ? legacyBuffer(args) : Reflect.construct(target, args, newTarget),
});

/** Buffer.copyBytesFrom(view, offset, length): a copy of part of a typed array's elements. */
Buffer.copyBytesFrom = function copyBytesFrom(view, offset = 0, length) {
  if (!ArrayBuffer.isView(view) || view instanceof DataView) {
    throw invalidArgType("view", "an instance of TypedArray", view);
  }
  const end = length === undefined ? view.length : Math.min(view.length, offset + length);
  const part = view.subarray(Math.min(offset, view.length), end);
  return Buffer.from(new Uint8Array(part.buffer, part.byteOffset, part.byteLength));
};

const bytesOfInput = (input, name) => {
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  if (ArrayBuffer.isView(input))
    return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  throw invalidArgType(name, "an instance of ArrayBuffer, Buffer, or TypedArray", input);
};

/** Whether the bytes are well-formed UTF-8 (no overlongs, surrogates or values past U+10FFFF). */
function isUtf8(input) {
  const bytes = bytesOfInput(input, "input");
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    const need =
      b < 0x80
        ? 0
        : b >= 0xc2 && b <= 0xdf
          ? 1
          : b >= 0xe0 && b <= 0xef
            ? 2
            : b >= 0xf0 && b <= 0xf4
              ? 3
              : -1;
    if (need < 0 || i + need >= bytes.length + (need === 0 ? 1 : 0)) return false;
    for (let k = 1; k <= need; k++) if ((bytes[i + k] & 0xc0) !== 0x80) return false;
    const second = bytes[i + 1];
    if (b === 0xe0 && second < 0xa0) return false;
    if (b === 0xed && second > 0x9f) return false;
    if (b === 0xf0 && second < 0x90) return false;
    if (b === 0xf4 && second > 0x8f) return false;
    i += need + 1;
  }
  return true;
}

function isAscii(input) {
  return bytesOfInput(input, "input").every((b) => b < 0x80);
}

/** Immutable bytes with a type, as the web's Blob (Node's buffer.Blob, also a global). */
class Blob {
  constructor(parts = [], options = {}) {
    if (parts === null || typeof parts !== "object" || !(Symbol.iterator in parts)) {
      throw invalidArgType("sources", "a sequence", parts);
    }
    const chunks = [];
    for (const part of parts) {
      if (part instanceof Blob) chunks.push(part._bytes);
      else if (part instanceof ArrayBuffer || ArrayBuffer.isView(part))
        chunks.push(Buffer.from(bytesOfInput(part)));
      else chunks.push(Buffer.from(String(part)));
    }
    const type = options.type === undefined ? "" : String(options.type);
    Object.defineProperty(this, "_bytes", { value: Buffer.concat(chunks) });
    Object.defineProperty(this, "_type", {
      value: /^[\x20-\x7e]*$/.test(type) ? type.toLowerCase() : "",
    });
  }
  get size() {
    return this._bytes.length;
  }
  get type() {
    return this._type;
  }
  slice(start = 0, end = this.size, type = "") {
    const at = (i) => (i < 0 ? Math.max(this.size + i, 0) : Math.min(i, this.size));
    return new Blob([this._bytes.subarray(at(start), Math.max(at(start), at(end)))], { type });
  }
  text() {
    return Promise.resolve(this._bytes.toString("utf8"));
  }
  arrayBuffer() {
    const copy = Buffer.from(this._bytes);
    return Promise.resolve(copy.buffer.slice(copy.byteOffset, copy.byteOffset + copy.length));
  }
  stream() {
    const bytes = new Uint8Array(this._bytes);
    return new globalThis.ReadableStream({
      start(controller) {
        if (bytes.length > 0) controller.enqueue(bytes);
        controller.close();
      },
    });
  }
  get [Symbol.toStringTag]() {
    return "Blob";
  }
}

class File extends Blob {
  constructor(bits, name, options = {}) {
    if (arguments.length < 2) {
      const error = new TypeError('The "fileBits" and "fileName" arguments must be specified');
      error.code = "ERR_MISSING_ARGS";
      throw error;
    }
    super(bits, options);
    Object.defineProperty(this, "_name", { value: String(name) });
    Object.defineProperty(this, "_lastModified", {
      value: options.lastModified === undefined ? Date.now() : Number(options.lastModified),
    });
  }
  get name() {
    return this._name;
  }
  get lastModified() {
    return this._lastModified;
  }
  get [Symbol.toStringTag]() {
    return "File";
  }
}

module.exports = {
  Buffer: PublicBuffer,
  Blob,
  File,
  isUtf8,
  isAscii,
  kMaxLength: 2 ** 31 - 1,
  constants: { MAX_LENGTH: 2 ** 31 - 1, MAX_STRING_LENGTH: 2 ** 29 - 24 },
  __encode: encode,
  __decode: decode,
};
