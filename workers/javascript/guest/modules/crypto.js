// node:crypto — hashing (md5, sha1, sha2) and randomness; hashes run in the host, synchronously.
const host = __skillbox.host;
const { Buffer } = require("buffer");

class Hash {
  constructor(algorithm) {
    this.algorithm = String(algorithm).toLowerCase().replace("-", "");
    this.chunks = [];
    host("hash", this.algorithm, new ArrayBuffer(0));
  }

  update(data, encoding) {
    this.chunks.push(typeof data === "string" ? Buffer.from(data, encoding ?? "utf8") : Buffer.from(data));
    return this;
  }

  digest(encoding) {
    const all = Buffer.concat(this.chunks);
    const digest = Buffer.from(host("hash", this.algorithm, all.buffer.slice(all.byteOffset, all.byteOffset + all.length)));
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
  return min + Math.floor((bytes.readUIntBE?.(0, 6) ?? Number.parseInt(bytes.toString("hex"), 16)) / 2 ** 48 * range);
}

module.exports = {
  createHash: (algorithm) => new Hash(algorithm),
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
