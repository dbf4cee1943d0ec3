import { Inflate } from "fflate";
import { type BundleEntry, isArchiverLitter } from "./bundle";
import { crc32Update } from "./crc32";
import { type BundleLimits, DEFAULT_BUNDLE_LIMITS } from "./limits";
import { type BundleProblem, bundleError } from "./problems";

const ZIP = "(zip)";
const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/**
 * Compressed bytes fed to the inflater at a time. Deflate expands at most ~1032:1, so one step
 * produces about 1 MB at worst and a bomb is caught within a megabyte of the limit.
 */
const INFLATE_STEP = 1024;

interface CentralEntry {
  name: string;
  method: number;
  encrypted: boolean;
  crc: number;
  compressedSize: number;
  localHeaderOffset: number;
  symlink: boolean;
  directory: boolean;
}

export interface ZipReadResult {
  entries: BundleEntry[];
  problems: BundleProblem[];
}

/** How far a zip read has come: entries done out of all entries. */
export interface ZipProgress {
  done: number;
  total: number;
}

/**
 * Reads a zip into bundle entries, checking sizes on the bytes actually inflated (header claims
 * are ignored) and stopping a file's inflation the moment it passes a limit.
 */
export function readZip(
  zip: Uint8Array,
  limits: BundleLimits = DEFAULT_BUNDLE_LIMITS,
): ZipReadResult {
  const steps = zipSteps(zip, limits);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** {@link readZip} that yields to the page between entries and reports progress. */
export async function readZipWithProgress(
  zip: Uint8Array,
  onProgress: (progress: ZipProgress) => void,
  limits: BundleLimits = DEFAULT_BUNDLE_LIMITS,
): Promise<ZipReadResult> {
  const steps = zipSteps(zip, limits);
  let lastYield = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    onProgress(step.value);
    if (performance.now() - lastYield > 16) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      lastYield = performance.now();
    }
  }
}

function* zipSteps(zip: Uint8Array, limits: BundleLimits): Generator<ZipProgress, ZipReadResult> {
  if (zip.byteLength > limits.maxZipBytes) {
    return {
      entries: [],
      problems: [
        bundleError(
          ZIP,
          "limits.zip-bytes",
          `is ${zip.byteLength} bytes; a zip may be at most ${limits.maxZipBytes} bytes`,
        ),
      ],
    };
  }
  let central: CentralEntry[];
  try {
    central = readCentralDirectory(zip);
  } catch (error) {
    return {
      entries: [],
      problems: [bundleError(ZIP, "zip.unreadable", (error as Error).message)],
    };
  }
  const files = central.filter((e) => !e.directory && !isArchiverLitter(e.name));
  if (files.length > limits.maxFiles) {
    return {
      entries: [],
      problems: [
        bundleError(
          ZIP,
          "bundle.file-count",
          `has ${files.length} files; at most ${limits.maxFiles} are allowed`,
        ),
      ],
    };
  }

  const entries: BundleEntry[] = [];
  const problems: BundleProblem[] = [];
  let totalBytes = 0;
  for (const [index, entry] of files.entries()) {
    yield { done: index, total: files.length };
    if (entry.symlink) {
      entries.push({ path: entry.name, data: new Uint8Array(0), symlink: true });
      continue;
    }
    if (entry.encrypted) {
      problems.push(
        bundleError(
          entry.name,
          "zip.encrypted",
          "is encrypted; encrypted entries are not supported",
        ),
      );
      continue;
    }
    const budget = Math.min(limits.maxFileBytes, limits.maxTotalBytes - totalBytes);
    const inflated = extract(zip, entry, budget);
    if ("problem" in inflated) {
      problems.push(bundleError(entry.name, "zip.entry", inflated.problem));
      continue;
    }
    if ("overLimit" in inflated) {
      const fileLimitHit = budget === limits.maxFileBytes;
      problems.push(
        fileLimitHit
          ? bundleError(
              entry.name,
              "limits.file-bytes",
              `inflates past ${limits.maxFileBytes} bytes; each file may be at most ${limits.maxFileBytes} bytes uncompressed`,
            )
          : bundleError(
              ZIP,
              "limits.total-bytes",
              `inflates past ${limits.maxTotalBytes} bytes in all; decompression stopped at ${entry.name}`,
            ),
      );
      if (!fileLimitHit) break;
      continue;
    }
    totalBytes += inflated.data.byteLength;
    entries.push({ path: entry.name, data: inflated.data });
  }
  return { entries, problems };
}

function readCentralDirectory(zip: Uint8Array): CentralEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const eocd = findEndOfCentralDirectory(view);
  const count = view.getUint16(eocd + 10, true);
  const size = view.getUint32(eocd + 12, true);
  const offset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    throw new Error("is a ZIP64 archive, which is not supported");
  }
  if (offset + size > zip.byteLength) throw new Error("is corrupt: central directory out of range");
  const names = new TextDecoder("utf-8");
  const entries: CentralEntry[] = [];
  let p = offset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > zip.byteLength || view.getUint32(p, true) !== CENTRAL_SIGNATURE) {
      throw new Error("is corrupt: bad central directory entry");
    }
    const madeBy = view.getUint16(p + 4, true) >> 8;
    const flags = view.getUint16(p + 8, true);
    const nameLength = view.getUint16(p + 28, true);
    const extraLength = view.getUint16(p + 30, true);
    const commentLength = view.getUint16(p + 32, true);
    const externalAttributes = view.getUint32(p + 38, true);
    const name = names.decode(zip.subarray(p + 46, p + 46 + nameLength));
    const unixMode = externalAttributes >>> 16;
    const compressedSize = view.getUint32(p + 20, true);
    const localHeaderOffset = view.getUint32(p + 42, true);
    if (compressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) {
      throw new Error("is a ZIP64 archive, which is not supported");
    }
    entries.push({
      name,
      method: view.getUint16(p + 10, true),
      encrypted: (flags & 1) !== 0,
      crc: view.getUint32(p + 16, true),
      compressedSize,
      localHeaderOffset,
      symlink: madeBy === 3 && (unixMode & 0o170000) === 0o120000,
      directory: name.endsWith("/") || (externalAttributes & 0x10) !== 0,
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function findEndOfCentralDirectory(view: DataView): number {
  const earliest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let p = view.byteLength - 22; p >= earliest; p--) {
    if (view.getUint32(p, true) === EOCD_SIGNATURE) return p;
  }
  throw new Error("is not a zip archive (no end of central directory record)");
}

type Extracted = { data: Uint8Array } | { overLimit: true } | { problem: string };

function extract(zip: Uint8Array, entry: CentralEntry, budget: number): Extracted {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const local = entry.localHeaderOffset;
  if (local + 30 > zip.byteLength || view.getUint32(local, true) !== LOCAL_SIGNATURE) {
    return { problem: "is corrupt: bad local header" };
  }
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  const end = start + entry.compressedSize;
  if (end > zip.byteLength) return { problem: "is corrupt: data runs past the end of the zip" };
  const compressed = zip.subarray(start, end);

  let data: Uint8Array;
  if (entry.method === 0) {
    if (compressed.byteLength > budget) return { overLimit: true };
    data = compressed.slice();
  } else if (entry.method === 8) {
    const inflated = inflateWithin(compressed, budget);
    if (!("data" in inflated)) return inflated;
    data = inflated.data;
  } else {
    return {
      problem: `uses compression method ${entry.method}; only stored and deflate are supported`,
    };
  }
  if (crc32Update(0, data) !== entry.crc) return { problem: "is corrupt: checksum mismatch" };
  return { data };
}

function inflateWithin(compressed: Uint8Array, budget: number): Extracted {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let over = false;
  let finished = false;
  const inflater = new Inflate((chunk, final) => {
    size += chunk.byteLength;
    if (size > budget) over = true;
    else chunks.push(chunk);
    if (final) finished = true;
  });
  try {
    for (let p = 0; p < compressed.byteLength && !over; p += INFLATE_STEP) {
      const next = Math.min(p + INFLATE_STEP, compressed.byteLength);
      inflater.push(compressed.subarray(p, next), next === compressed.byteLength);
    }
    if (compressed.byteLength === 0) inflater.push(new Uint8Array(0), true);
  } catch (error) {
    return { problem: `is corrupt: ${(error as Error).message}` };
  }
  if (over) return { overLimit: true };
  if (!finished) return { problem: "is corrupt: compressed data ends early" };
  const data = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    data.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { data };
}
