/**
 * A GGUF header reader (format v2/v3, little-endian): the metadata and the tensor table, read
 * from a Blob in slices, so a multi-gigabyte model file is never read whole. Written here because
 * the one library for it brings a 235 KB dependency that no bundler can drop.
 */

export interface GgufTensor {
  name: string;
  dims: bigint[];
  type: number;
  /** Offset from the start of the tensor data. */
  offset: bigint;
}

export interface GgufHeader {
  version: number;
  /** Every key, with arrays other than `tokenizer.ggml.tokens` left out (merges, scores: large). */
  metadata: Map<string, unknown>;
  tensors: GgufTensor[];
  /** Where the tensor data begins (the header's end, aligned). */
  dataOffset: bigint;
}

/** The file ended inside its header. */
export class GgufTruncatedError extends Error {
  override name = "GgufTruncatedError";
}

/** The header holds something no GGUF writer produces. */
export class GgufFormatError extends Error {
  override name = "GgufFormatError";
}

const SLICE = 4 * 1024 * 1024;
/** Limits that keep a hostile header from making the reader allocate without end. */
const MAX_STRING = 64 * 1024 * 1024;
const MAX_COUNT = 1 << 24;
/**
 * Arrays within arrays: GGUF writers nest none, and each level is a suspended call here (a 96 MB
 * file of nested arrays took the page to 2.4 GB).
 */
const MAX_ARRAY_DEPTH = 2;
/**
 * Where the header must have ended: real tokenizers' metadata is a few megabytes, and a header
 * that goes on for longer is a file built to keep the reader busy.
 */
const MAX_HEADER_BYTES = 128 * 1024 * 1024;
const KEPT_ARRAY = "tokenizer.ggml.tokens";

/** Sequential reads over a Blob, fetching the next slice only when the cursor needs it. */
class BlobCursor {
  private bytes = new Uint8Array(0);
  /** File offset of `bytes[0]`. */
  private start = 0;
  position = 0;

  constructor(private readonly blob: Blob) {}

  private async need(length: number): Promise<DataView> {
    const end = this.position + length;
    if (end > this.blob.size) throw new GgufTruncatedError("the file ends inside its header");
    if (end > MAX_HEADER_BYTES) {
      throw new GgufFormatError(`a header longer than ${MAX_HEADER_BYTES / 1024 / 1024} MiB`);
    }
    if (this.position < this.start || end > this.start + this.bytes.length) {
      this.start = this.position;
      this.bytes = new Uint8Array(
        await this.blob.slice(this.start, Math.max(end, this.start + SLICE)).arrayBuffer(),
      );
    }
    const view = new DataView(this.bytes.buffer, this.position - this.start, length);
    this.position = end;
    return view;
  }

  async u8() {
    return (await this.need(1)).getUint8(0);
  }
  async u32() {
    return (await this.need(4)).getUint32(0, true);
  }
  async f32() {
    return (await this.need(4)).getFloat32(0, true);
  }
  async u64() {
    return (await this.need(8)).getBigUint64(0, true);
  }
  async count(what: string): Promise<number> {
    const value = await this.u64();
    if (value > BigInt(MAX_COUNT))
      throw new GgufFormatError(`${what} count ${value} is not plausible`);
    return Number(value);
  }
  async string(): Promise<string> {
    const length = await this.u64();
    if (length > BigInt(MAX_STRING)) throw new GgufFormatError(`a string of ${length} bytes`);
    const view = await this.need(Number(length));
    return new TextDecoder().decode(new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
  }
  skip(length: number) {
    this.position += length;
  }
}

/** Byte sizes of the fixed-size value types, by GGUF type id. */
const FIXED_SIZE: Readonly<Record<number, number>> = {
  0: 1,
  1: 1,
  2: 2,
  3: 2,
  4: 4,
  5: 4,
  6: 4,
  7: 1,
  10: 8,
  11: 8,
  12: 8,
};
const STRING = 8;
const ARRAY = 9;

async function scalar(cursor: BlobCursor, type: number): Promise<unknown> {
  switch (type) {
    case STRING:
      return cursor.string();
    case 0:
      return cursor.u8();
    case 4:
      return cursor.u32();
    case 5:
      return (await cursor.u32()) | 0;
    case 6:
      return cursor.f32();
    case 7:
      return (await cursor.u8()) !== 0;
    case 10:
      return cursor.u64();
  }
  // Other widths (i8, i16, u16, i64, f64) appear in no key this app reads.
  const size = FIXED_SIZE[type];
  if (size === undefined) throw new GgufFormatError(`unknown value type ${type}`);
  cursor.skip(size);
  return undefined;
}

async function value(cursor: BlobCursor, type: number, key: string, depth = 0): Promise<unknown> {
  if (type !== ARRAY) return scalar(cursor, type);
  if (depth >= MAX_ARRAY_DEPTH) {
    throw new GgufFormatError(`arrays nested more than ${MAX_ARRAY_DEPTH} deep`);
  }
  const itemType = await cursor.u32();
  const length = await cursor.count("array");
  if (key === KEPT_ARRAY && itemType === STRING) {
    const items: string[] = [];
    for (let i = 0; i < length; i++) items.push(await cursor.string());
    return items;
  }
  if (itemType === STRING) {
    for (let i = 0; i < length; i++) cursor.skip(Number(await cursor.u64()));
  } else if (itemType === ARRAY) {
    for (let i = 0; i < length; i++) await value(cursor, ARRAY, "", depth + 1);
  } else {
    const size = FIXED_SIZE[itemType];
    if (size === undefined) throw new GgufFormatError(`unknown array item type ${itemType}`);
    cursor.skip(size * length);
  }
  return undefined;
}

/** Reads the header; throws {@link GgufTruncatedError} or {@link GgufFormatError}. */
export async function readGgufHeader(blob: Blob): Promise<GgufHeader> {
  const cursor = new BlobCursor(blob);
  if ((await cursor.u32()) !== 0x46554747) throw new GgufFormatError("no GGUF magic");
  const version = await cursor.u32();
  if (version !== 2 && version !== 3) throw new GgufFormatError(`GGUF version ${version}`);
  const tensorCount = await cursor.count("tensor");
  const keyCount = await cursor.count("key");
  const metadata = new Map<string, unknown>();
  for (let i = 0; i < keyCount; i++) {
    const key = await cursor.string();
    metadata.set(key, await value(cursor, await cursor.u32(), key));
  }
  const tensors: GgufTensor[] = [];
  for (let i = 0; i < tensorCount; i++) {
    const name = await cursor.string();
    const rank = await cursor.u32();
    if (rank > 8) throw new GgufFormatError(`tensor ${name} has ${rank} dimensions`);
    const dims: bigint[] = [];
    for (let d = 0; d < rank; d++) dims.push(await cursor.u64());
    tensors.push({ name, dims, type: await cursor.u32(), offset: await cursor.u64() });
  }
  const alignment = Number(metadata.get("general.alignment") ?? 32) || 32;
  const end = BigInt(cursor.position);
  const rest = end % BigInt(alignment);
  return { version, metadata, tensors, dataOffset: rest ? end + BigInt(alignment) - rest : end };
}
