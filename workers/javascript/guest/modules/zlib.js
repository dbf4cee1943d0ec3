// node:zlib — gzip, deflate (zlib and raw) and their inverses, computed by the worker (fflate)
// on whole buffers; streams gather their input and transform it at the end.
const { Buffer } = require("buffer");
const { Transform } = require("stream");
const host = __skillbox.host;

function bytesOf(input) {
  if (typeof input === "string") return Buffer.from(input);
  if (input instanceof ArrayBuffer) return Buffer.from(input);
  if (ArrayBuffer.isView(input))
    return Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  throw invalidArgType(
    "buffer",
    "of type string or an instance of Buffer, TypedArray, DataView, or ArrayBuffer",
    input,
  );
}

function run(format, direction, input, options) {
  const bytes = bytesOf(input);
  const level = options?.level ?? -1;
  const copy = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
  try {
    return Buffer.from(host("zlib", format, direction, copy, level, options?.maxOutputLength ?? 0));
  } catch (error) {
    throw error.code === "ERR_BUFFER_TOO_LARGE" ? error : dataError(error.message);
  }
}

function dataError(message) {
  const text = /header/i.test(message) ? "incorrect header check" : "invalid stored block lengths";
  const error = new Error(
    /unexpected EOF|unexpected end/i.test(message) ? "unexpected end of file" : text,
  );
  error.errno = /unexpected/i.test(message) ? -5 : -3;
  error.code = /unexpected/i.test(message) ? "Z_BUF_ERROR" : "Z_DATA_ERROR";
  return error;
}

const KINDS = {
  Gzip: ["gzip", "compress"],
  Gunzip: ["gzip", "decompress"],
  Deflate: ["zlib", "compress"],
  Inflate: ["zlib", "decompress"],
  DeflateRaw: ["raw", "compress"],
  InflateRaw: ["raw", "decompress"],
  Unzip: ["auto", "decompress"],
};

const zlib = {};
for (const [kind, [format, direction]] of Object.entries(KINDS)) {
  const lower = kind[0].toLowerCase() + kind.slice(1);
  const sync = (input, options) => run(format, direction, input, options);
  zlib[`${lower}Sync`] = sync;
  zlib[lower] = (input, options, callback) => {
    const done = typeof options === "function" ? options : callback;
    let result;
    try {
      result = sync(input, typeof options === "object" ? options : undefined);
    } catch (error) {
      process.nextTick(done, error);
      return;
    }
    process.nextTick(done, null, result);
  };
  zlib[lower][Symbol.for("nodejs.util.promisify.custom")] = (input, options) =>
    new Promise((resolve, reject) =>
      zlib[lower](input, options ?? {}, (error, result) =>
        error ? reject(error) : resolve(result),
      ),
    );
  const StreamClass = class extends Transform {
    constructor(options) {
      super(options);
      this._chunks = [];
      this._options = options;
      this.bytesWritten = 0;
    }
    _transform(chunk, encoding, callback) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk;
      this._chunks.push(bytes);
      this.bytesWritten += bytes.length;
      callback();
    }
    _flush(callback) {
      try {
        callback(null, sync(Buffer.concat(this._chunks), this._options));
      } catch (error) {
        callback(error);
      }
    }
    close(callback) {
      this.destroy();
      if (typeof callback === "function") process.nextTick(callback);
    }
  };
  Object.defineProperty(StreamClass, "name", { value: kind });
  zlib[kind] = StreamClass;
  zlib[`create${kind}`] = (options) => new StreamClass(options);
}

const constants = {
  Z_NO_FLUSH: 0,
  Z_PARTIAL_FLUSH: 1,
  Z_SYNC_FLUSH: 2,
  Z_FULL_FLUSH: 3,
  Z_FINISH: 4,
  Z_BLOCK: 5,
  Z_OK: 0,
  Z_STREAM_END: 1,
  Z_NEED_DICT: 2,
  Z_ERRNO: -1,
  Z_STREAM_ERROR: -2,
  Z_DATA_ERROR: -3,
  Z_MEM_ERROR: -4,
  Z_BUF_ERROR: -5,
  Z_VERSION_ERROR: -6,
  Z_NO_COMPRESSION: 0,
  Z_BEST_SPEED: 1,
  Z_BEST_COMPRESSION: 9,
  Z_DEFAULT_COMPRESSION: -1,
  Z_FILTERED: 1,
  Z_HUFFMAN_ONLY: 2,
  Z_RLE: 3,
  Z_FIXED: 4,
  Z_DEFAULT_STRATEGY: 0,
  ZLIB_VERNUM: 4865,
  DEFLATE: 1,
  INFLATE: 2,
  GZIP: 3,
  GUNZIP: 4,
  DEFLATERAW: 5,
  INFLATERAW: 6,
  UNZIP: 7,
  Z_MIN_WINDOWBITS: 8,
  Z_MAX_WINDOWBITS: 15,
  Z_DEFAULT_WINDOWBITS: 15,
  Z_MIN_LEVEL: -1,
  Z_MAX_LEVEL: 9,
  Z_DEFAULT_LEVEL: -1,
  Z_MIN_MEMLEVEL: 1,
  Z_MAX_MEMLEVEL: 9,
  Z_DEFAULT_MEMLEVEL: 8,
};
zlib.constants = constants;
Object.assign(zlib, constants);
zlib.crc32 = (data, value = 0) => host("crc32", bytesOf(data).slice().buffer, value);

module.exports = zlib;
