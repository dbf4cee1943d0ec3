// node:crypto — hashing (md5, sha1, sha2), HMAC, PBKDF2, AES ciphers (internal/cipher),
// WebCrypto's digest and randomness; hashes and ciphers run in the host, synchronously.
const host = __skillbox.host;
const { Buffer } = require("buffer");
const { bytesFrom, bytesOf } = require("internal/crypto_input");

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

/** PBKDF2 (RFC 8018) over the host's HMAC: one host call per iteration and block. */
function pbkdf2Sync(password, salt, iterations, keylen, digest) {
  const key = bytesFrom(password, "password");
  const saltBytes = bytesFrom(salt, "salt");
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > 2 ** 31 - 1) {
    throw __skillbox.outOfRange("iterations", ">= 1 && <= 2147483647", iterations);
  }
  if (!Number.isInteger(keylen) || keylen < 0 || keylen > 2 ** 31 - 1) {
    throw __skillbox.outOfRange("keylen", ">= 0 && <= 2147483647", keylen);
  }
  const algorithm = String(digest).toLowerCase().replace("-", "");
  const hmac = (data) => Buffer.from(host("hmac", algorithm, bytesOf(key), bytesOf(data)));
  let probe;
  try {
    probe = hmac(Buffer.alloc(0));
  } catch {
    const error = new TypeError(`Invalid digest: ${digest}`);
    error.code = "ERR_CRYPTO_INVALID_DIGEST";
    throw error;
  }
  const blocks = [];
  for (let index = 1, made = 0; made < keylen; index++, made += probe.length) {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(index);
    let u = hmac(Buffer.concat([saltBytes, counter]));
    const block = Buffer.from(u);
    for (let round = 1; round < iterations; round++) {
      u = hmac(u);
      for (let i = 0; i < block.length; i++) block[i] ^= u[i];
    }
    blocks.push(block);
  }
  return Buffer.concat(blocks).subarray(0, keylen);
}

function pbkdf2(password, salt, iterations, keylen, digest, callback) {
  if (typeof callback !== "function")
    throw __skillbox.invalidArgType("callback", "of type function", callback);
  const key = pbkdf2Sync(password, salt, iterations, keylen, digest);
  process.nextTick(callback, null, key);
}

const SUBTLE_DIGESTS = {
  "SHA-1": "sha1",
  "SHA-256": "sha256",
  "SHA-384": "sha384",
  "SHA-512": "sha512",
};

/** WebCrypto's SubtleCrypto, as far as the host's hashes reach: digest(). */
const subtle = {
  digest(algorithm, data) {
    const name = String(
      typeof algorithm === "object" && algorithm !== null ? algorithm.name : algorithm,
    );
    const hash = SUBTLE_DIGESTS[name.toUpperCase()];
    if (hash === undefined) {
      const error = new Error("Unrecognized algorithm name");
      error.name = "NotSupportedError";
      return Promise.reject(error);
    }
    try {
      return Promise.resolve(host("hash", hash, bytesOf(bytesFrom(data, "data"))));
    } catch (error) {
      return Promise.reject(error);
    }
  },
};

module.exports = {
  createHash: (algorithm) => new Hash(algorithm),
  pbkdf2,
  pbkdf2Sync,
  subtle,
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
  // The cipher module (and the streams it is built on) loads on a script's first cipher.
  createCipheriv: (algorithm, key, iv, options) =>
    new (require("internal/cipher").Cipheriv)(algorithm, key, iv, options),
  createDecipheriv: (algorithm, key, iv, options) =>
    new (require("internal/cipher").Decipheriv)(algorithm, key, iv, options),
  getCiphers: () => [...require("internal/cipher").CIPHER_NAMES],
  randomBytes,
  randomInt,
  randomUUID: () => host("randomUUID"),
  getRandomValues: (array) => {
    const bytes = new Uint8Array(host("randomBytes", array.byteLength));
    new Uint8Array(array.buffer, array.byteOffset, array.byteLength).set(bytes);
    return array;
  },
};
module.exports.webcrypto = {
  subtle,
  getRandomValues: module.exports.getRandomValues,
  randomUUID: module.exports.randomUUID,
};
