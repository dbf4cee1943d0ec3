// node:string_decoder — holds back an incomplete multi-byte character until its rest arrives.
const { Buffer } = require("buffer");

class StringDecoder {
  constructor(encoding = "utf8") {
    this.encoding = String(encoding).toLowerCase().replace("-", "");
    if (this.encoding === "utf8") this.encoding = "utf8";
    this.pending = Buffer.alloc(0);
  }

  write(buf) {
    if (typeof buf === "string") return buf;
    let bytes = Buffer.concat([this.pending, Buffer.from(buf)]);
    if (this.encoding !== "utf8") {
      this.pending = Buffer.alloc(0);
      return bytes.toString(this.encoding);
    }
    let cut = bytes.length;
    for (let i = Math.max(0, bytes.length - 3); i < bytes.length; i++) {
      const b = bytes[i];
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
      if (need > 1 && i + need > bytes.length) {
        cut = i;
        break;
      }
    }
    this.pending = bytes.subarray(cut);
    bytes = bytes.subarray(0, cut);
    return bytes.toString("utf8");
  }

  end(buf) {
    const text = buf === undefined ? "" : this.write(buf);
    const rest = this.pending.length > 0 ? "\ufffd" : "";
    this.pending = Buffer.alloc(0);
    return text + rest;
  }
}

module.exports = { StringDecoder };
