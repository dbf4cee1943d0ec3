// @ts-check
// Internal: keys, IVs and data as node:crypto takes them, and their bytes for the host.
const { invalidArgType } = __skillbox;
const { Buffer } = require("buffer");

/** A string (in `encoding`, UTF-8 by default), ArrayBuffer or view as a Buffer over its bytes. */
function bytesFrom(value, name, encoding) {
  if (typeof value === "string") return Buffer.from(value, encoding ?? "utf8");
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (ArrayBuffer.isView(value)) {
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  }
  throw invalidArgType(
    name,
    "of type string or an instance of ArrayBuffer, Buffer, TypedArray, or DataView",
    value,
  );
}

/** A copy of a view's bytes as the ArrayBuffer a host operation takes. */
const bytesOf = (view) => view.buffer.slice(view.byteOffset, view.byteOffset + view.length);

module.exports = { bytesFrom, bytesOf };
