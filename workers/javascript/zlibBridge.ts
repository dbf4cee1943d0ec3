import { Decompress, deflateSync, Gunzip, gzipSync, Inflate, Unzlib, zlibSync } from "fflate";

type Level = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** Node's -1 means zlib's default, 6. */
function levelOf(level: number): Level {
  return (Number.isInteger(level) && level >= 0 && level <= 9 ? level : 6) as Level;
}

/** Thrown when inflating passes the cap, as Node's `maxOutputLength` error reads. */
export class OutputTooLargeError extends RangeError {
  readonly code = "ERR_BUFFER_TOO_LARGE";
  constructor(maxBytes: number) {
    super(`Cannot create a Buffer larger than ${maxBytes} bytes`);
  }
}

const INFLATERS = { gzip: Gunzip, zlib: Unzlib, raw: Inflate, auto: Decompress } as const;

/**
 * node:zlib's one-shot work for the guest: `format` is gzip, zlib, raw (deflate without a header)
 * or auto (gzip or zlib by header, as Node's unzip). Inflating stops at `maxBytes`: the worker's
 * own memory is outside the script's heap cap, so a small bomb must not expand in it.
 */
export function zlibTransform(
  format: string,
  direction: string,
  data: Uint8Array,
  level: number,
  maxBytes: number,
): Uint8Array {
  if (direction === "compress") {
    const options = { level: levelOf(level) };
    // No timestamp in the header, as Node's zlib writes it.
    if (format === "gzip") return gzipSync(data, { ...options, mtime: 0 });
    if (format === "zlib") return zlibSync(data, options);
    return deflateSync(data, options);
  }
  const Inflater = INFLATERS[format as keyof typeof INFLATERS] ?? Decompress;
  const chunks: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  const inflater = new Inflater((chunk: Uint8Array, final: boolean) => {
    total += chunk.byteLength;
    if (total > maxBytes) throw new OutputTooLargeError(maxBytes);
    chunks.push(chunk);
    ended ||= final;
  });
  inflater.push(data, true);
  if (!ended) throw new Error("unexpected end of file");
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
