// node:crypto — hashing (md5, sha1, sha2) and randomness; hashes run in the host, synchronously.
const host = __skillbox.host;
const { Buffer } = require("buffer");

const bytesOf = (b) => b.buffer.slice(b.byteOffset, b.byteOffset + b.length);

function finalized() {
  const err = new Error("Digest already called");
  err.code = "ERR_CRYPTO_HASH_FINALIZED";
  return err;
}

class Hash {
  constructor(algorithm, key) {
    this.algorithm = String(algorithm).toLowerCase().replace("-", "");
    this.chunks = [];
    this.done = false;
    this.key = key;
    try {
      host("hash", this.algorithm, new ArrayBuffer(0));
    } catch {
      const err = new Error(
        key === undefined ? "Digest method not supported" : `Invalid digest: ${algorithm}`,
      );
      if (key !== undefined) err.code = "ERR_CRYPTO_INVALID_DIGEST";
      throw err;
    }
  }

  update(data, encoding) {
    if (this.done) throw finalized();
    this.chunks.push(
      typeof data === "string" ? Buffer.from(data, encoding ?? "utf8") : Buffer.from(data),
    );
    return this;
  }

  digest(encoding) {
    if (this.done) throw finalized();
    this.done = true;
    const all = bytesOf(Buffer.concat(this.chunks));
    const raw =
      this.key === undefined
        ? host("hash", this.algorithm, all)
        : host("hmac", this.algorithm, bytesOf(this.key), all);
    const digest = Buffer.from(raw);
    return encoding ? digest.toString(encoding) : digest;
  }

  copy() {
    const copy = new Hash(this.algorithm);
    copy.chunks = [...this.chunks];
    return copy;
  }
}

function randomBytes(size, callback) {
  const bytes = Buffer.from(host("randomBytes", size));
  if (typeof callback === "function") {
    process.nextTick(callback, null, bytes);
    return undefined;
  }
  return bytes;
}

function randomInt(min, max) {
  if (max === undefined) {
    max = min;
    min = 0;
  }
  const range = max - min;
  const bytes = randomBytes(6);
  return (
    min +
    Math.floor(
      ((bytes.readUIntBE?.(0, 6) ?? Number.parseInt(bytes.toString("hex"), 16)) / 2 ** 48) * range,
    )
  );
}

module.exports = {
  createHash: (algorithm) => new Hash(algorithm),
  createHmac: (algorithm, key) =>
    new Hash(algorithm, typeof key === "string" ? Buffer.from(key) : Buffer.from(key)),
  timingSafeEqual: (a, b) => {
    if (a.length !== b.length) {
      const err = new RangeError("Input buffers must have the same byte length");
      err.code = "ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH";
      throw err;
    }
    return Buffer.from(a).equals(Buffer.from(b));
  },
  getHashes: () => ["md5", "sha1", "sha224", "sha256", "sha384", "sha512"],
  randomBytes,
  randomInt,
  randomUUID: () => host("randomUUID"),
  getRandomValues: (array) => {
    const bytes = new Uint8Array(host("randomBytes", array.byteLength));
    new Uint8Array(array.buffer, array.byteOffset, array.byteLength).set(bytes);
    return array;
  },
  webcrypto: undefined,
};
