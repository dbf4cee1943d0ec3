// @ts-check
// node:string_decoder — holds back the bytes of an incomplete character (or base64 group) until
// the rest arrives.
const { Buffer } = require("buffer");

/** How many bytes at the end of `bytes` cannot be decoded yet. */
function incompleteTail(bytes, encoding) {
  if (encoding === "base64" || encoding === "base64url") return bytes.length % 3;
  if (encoding === "utf16le") return bytes.length % 2;
  if (encoding !== "utf8") return 0;
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const b = bytes[bytes.length - back];
    if ((b & 0xc0) !== 0x80) {
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
      return need > back ? back : 0;
    }
  }
  return 0;
}

class StringDecoder {
  constructor(encoding = "utf8") {
    const e = String(encoding).toLowerCase();
    this.encoding =
      e === "utf-8"
        ? "utf8"
        : e === "ucs2" || e === "ucs-2" || e === "utf-16le"
          ? "utf16le"
          : e === "binary"
            ? "latin1"
            : e;
    Buffer.isEncoding(this.encoding) || Buffer.from("", this.encoding);
    this.pending = Buffer.alloc(0);
  }

  write(buf) {
    if (typeof buf === "string") return buf;
    const bytes = Buffer.concat([this.pending, Buffer.from(buf)]);
    const cut = bytes.length - incompleteTail(bytes, this.encoding);
    this.pending = Buffer.from(bytes.subarray(cut));
    return bytes.subarray(0, cut).toString(this.encoding);
  }

  end(buf) {
    const text = buf === undefined ? "" : this.write(buf);
    const rest = this.pending;
    this.pending = Buffer.alloc(0);
    if (rest.length === 0) return text;
    return text + (this.encoding === "utf8" ? "\ufffd" : rest.toString(this.encoding));
  }
}

module.exports = { StringDecoder };
