// crypto's Cipheriv and Decipheriv for AES in ECB, CBC, CTR and GCM. The host runs the block
// cipher (noble-ciphers) on whole blocks; chaining, PKCS#7 padding, what each update() gives
// back and the errors follow OpenSSL as Node 20 shows them.
const { host, nodeError, notSupported } = __skillbox;
const { Buffer } = require("buffer");
const { bytesFrom, bytesOf } = require("internal/crypto_input");
const { Transform } = require("stream");

const BLOCK = 16;
const GCM_IV_BYTES = 12;
const GCM_TAG_BYTES = 16;
const MODES = ["cbc", "ctr", "ecb", "gcm"];
const SIZES = ["128", "192", "256"];

/** Every cipher name this module takes, as `crypto.getCiphers()` lists them. */
const CIPHER_NAMES = SIZES.flatMap((bits) => MODES.map((mode) => `aes-${bits}-${mode}`))
  .concat(
    SIZES.map((bits) => `aes${bits}`),
    SIZES.map((bits) => `id-aes${bits}-gcm`),
  )
  .sort();

/** `{ mode, keyBytes }` for a name OpenSSL knows for these ciphers (`aes256` is CBC). */
function cipherSpec(algorithm) {
  const name = String(algorithm).toLowerCase();
  const match =
    /^aes-(128|192|256)-(cbc|ctr|ecb|gcm)$/.exec(name) ??
    /^aes(128|192|256)()$/.exec(name) ??
    /^id-aes(128|192|256)-(gcm)$/.exec(name);
  if (!match) return undefined;
  return { mode: match[2] || "cbc", keyBytes: Number(match[1]) / 8 };
}

/** An error from OpenSSL's provider, shaped as Node passes it on. */
function providerError(number, reason, code) {
  const error = new Error(`error:${number}:Provider routines::${reason}`);
  error.library = "Provider routines";
  error.reason = reason;
  error.code = code;
  return error;
}

const wrongFinalBlockLength = () =>
  providerError("1C80006B", "wrong final block length", "ERR_OSSL_WRONG_FINAL_BLOCK_LENGTH");
const invalidState = (operation) =>
  nodeError(
    Error,
    "ERR_CRYPTO_INVALID_STATE",
    operation ? `Invalid state for operation ${operation}` : "Invalid state",
  );

const bufferOf = (arrayBuffer) => Buffer.from(arrayBuffer);

function aes(mode, key, iv, data, decrypt) {
  if (data.length === 0) return Buffer.alloc(0);
  return bufferOf(host("aes", mode, bytesOf(key), bytesOf(iv), bytesOf(data), decrypt));
}

/** The counter block `blocks` blocks past `start` (big-endian, wrapping at 2^128 as CTR does). */
function counterAfter(start, blocks) {
  const counter = Buffer.from(start);
  let carry = blocks;
  for (let at = BLOCK - 1; at >= 0 && carry > 0; at--) {
    const sum = counter[at] + (carry % 256);
    counter[at] = sum % 256;
    carry = Math.floor(carry / 256) + Math.floor(sum / 256);
  }
  return counter;
}

const withOutputEncoding = (bytes, encoding) =>
  encoding && encoding !== "buffer" ? bytes.toString(encoding) : bytes;

class CipherBase extends Transform {
  constructor(algorithm, key, iv, options, decrypt) {
    super(options);
    const spec = cipherSpec(algorithm);
    if (!spec) throw nodeError(Error, "ERR_CRYPTO_UNKNOWN_CIPHER", "Unknown cipher");
    const keyBytes = bytesFrom(key, "key");
    if (iv !== null) iv = bytesFrom(iv, "iv");
    if (keyBytes.length !== spec.keyBytes) {
      throw nodeError(RangeError, "ERR_CRYPTO_INVALID_KEYLEN", "Invalid key length");
    }
    const ivLength = iv === null ? 0 : iv.length;
    const validIv =
      spec.mode === "ecb"
        ? ivLength === 0
        : spec.mode === "gcm"
          ? ivLength > 0
          : ivLength === BLOCK;
    if (!validIv)
      throw nodeError(TypeError, "ERR_CRYPTO_INVALID_IV", "Invalid initialization vector");
    if (spec.mode === "gcm" && ivLength !== GCM_IV_BYTES) {
      throw notSupported(`AES-GCM with a ${ivLength}-byte IV (12 bytes are)`);
    }
    this._mode = spec.mode;
    this._key = keyBytes;
    this._decrypt = decrypt;
    this._padding = true;
    this._pending = Buffer.alloc(0);
    this._ended = false;
    if (spec.mode === "gcm") {
      this._nonce = Buffer.from(iv);
      // GCM encrypts with the counter blocks after J0 = IV || 1.
      this._chain = Buffer.concat([iv, Buffer.from([0, 0, 0, 2])]);
      this._aad = Buffer.alloc(0);
      this._plaintext = [];
      this._tagLength = options?.authTagLength ?? GCM_TAG_BYTES;
    } else {
      this._chain = iv === null ? Buffer.alloc(0) : Buffer.from(iv);
    }
    this._blocksDone = 0;
  }

  update(data, inputEncoding, outputEncoding) {
    if (this._ended) throw new Error("Trying to add data in unsupported state");
    const input = bytesFrom(data, "data", inputEncoding);
    return withOutputEncoding(this._process(input), outputEncoding);
  }

  final(outputEncoding) {
    if (this._ended) throw invalidState();
    this._ended = true;
    return withOutputEncoding(this._finish(), outputEncoding);
  }

  setAutoPadding(autoPadding = true) {
    if (this._ended) throw invalidState("setAutoPadding");
    this._padding = autoPadding !== false;
    return this;
  }

  setAAD(buffer) {
    if (this._mode !== "gcm" || this._ended) throw invalidState("setAAD");
    this._aad = bytesFrom(buffer, "buffer");
    return this;
  }

  _transform(chunk, encoding, callback) {
    try {
      callback(null, this.update(chunk, encoding));
    } catch (error) {
      callback(error);
    }
  }

  _flush(callback) {
    try {
      callback(null, this.final());
    } catch (error) {
      callback(error);
    }
  }

  /** Stream modes give back as many bytes as they take; block modes whole blocks only. */
  _process(input) {
    if (this._mode === "ctr" || this._mode === "gcm") return this._stream(input);
    const all = Buffer.concat([this._pending, input]);
    let whole = all.length - (all.length % BLOCK);
    // A decipher keeps its last whole block back: it may be the padding, known only at final().
    if (this._decrypt && this._padding && whole === all.length && whole > 0) whole -= BLOCK;
    this._pending = all.subarray(whole);
    return this._blocks(all.subarray(0, whole));
  }

  _blocks(data) {
    if (data.length === 0) return Buffer.alloc(0);
    const out = aes(this._mode, this._key, this._chain, data, this._decrypt);
    if (this._mode === "cbc") {
      this._chain = Buffer.from((this._decrypt ? data : out).subarray(data.length - BLOCK));
    }
    return out;
  }

  _stream(input) {
    const all = Buffer.concat([this._pending, input]);
    const counter = counterAfter(this._chain, this._blocksDone);
    const out = aes("ctr", this._key, counter, all, false).subarray(this._pending.length);
    const whole = all.length - (all.length % BLOCK);
    this._blocksDone += whole / BLOCK;
    this._pending = all.subarray(whole);
    // GCM's tag covers the plaintext: what went in when encrypting, what came out when not.
    if (this._mode === "gcm") this._plaintext.push(this._decrypt ? out : Buffer.from(input));
    return out;
  }

  _finish() {
    if (this._mode === "ctr") return Buffer.alloc(0);
    if (this._mode === "gcm") return this._seal();
    const rest = this._pending;
    this._pending = Buffer.alloc(0);
    if (!this._decrypt) {
      if (!this._padding) {
        if (rest.length !== 0) throw wrongFinalBlockLength();
        return Buffer.alloc(0);
      }
      const pad = BLOCK - (rest.length % BLOCK);
      return this._blocks(Buffer.concat([rest, Buffer.alloc(pad, pad)]));
    }
    if (rest.length % BLOCK !== 0 || (this._padding && rest.length === 0)) {
      throw wrongFinalBlockLength();
    }
    const plain = this._blocks(rest);
    if (!this._padding) return plain;
    const pad = plain[plain.length - 1];
    const padded = plain.subarray(plain.length - pad);
    if (pad < 1 || pad > BLOCK || !padded.every((byte) => byte === pad)) {
      throw providerError("1C800064", "bad decrypt", "ERR_OSSL_BAD_DECRYPT");
    }
    return plain.subarray(0, plain.length - pad);
  }

  /** GCM's tag over everything that went through, made or checked at final(). */
  _seal() {
    const plaintext = Buffer.concat(this._plaintext);
    const tag = bufferOf(
      host(
        "aesGcmTag",
        bytesOf(this._key),
        bytesOf(this._nonce),
        bytesOf(this._aad),
        bytesOf(plaintext),
      ),
    );
    if (!this._decrypt) {
      this._tag = tag.subarray(0, this._tagLength);
      return Buffer.alloc(0);
    }
    const given = this._expectedTag;
    if (!given || given.length > GCM_TAG_BYTES || !tag.subarray(0, given.length).equals(given)) {
      throw new Error("Unsupported state or unable to authenticate data");
    }
    return Buffer.alloc(0);
  }
}

class Cipheriv extends CipherBase {
  constructor(algorithm, key, iv, options) {
    super(algorithm, key, iv, options, false);
  }

  getAuthTag() {
    if (this._mode !== "gcm" || !this._ended) throw invalidState("getAuthTag");
    return Buffer.from(this._tag);
  }
}

class Decipheriv extends CipherBase {
  constructor(algorithm, key, iv, options) {
    super(algorithm, key, iv, options, true);
  }

  setAuthTag(tagbuffer) {
    if (this._mode !== "gcm" || this._ended) throw invalidState("setAuthTag");
    this._expectedTag = Buffer.from(bytesFrom(tagbuffer, "buffer"));
    return this;
  }
}

module.exports = { Cipheriv, Decipheriv, CIPHER_NAMES };
