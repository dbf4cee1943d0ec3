import type { OutputFile } from "./runtime";

/** How a sub-run ended, as the worker that asked for it hears it. */
export interface SubrunOutcome {
  exitCode: number;
  stdout: string;
  stderr: string;
  files: OutputFile[];
}

/**
 * The two Int32 cells of a blocking sub-run's reply: a worker that cannot take a message while it
 * waits (a QuickJS host call is synchronous) waits on `STATE` instead.
 */
export const SubrunReplyCell = {
  STATE: 0,
  /** Bytes of the encoded outcome, set with {@link SubrunReplyState.LENGTH_READY}. */
  LENGTH: 1,
  BYTES: 8,
} as const;

export const SubrunReplyState = {
  WAITING: 0,
  /** The outcome is encoded; the worker sends a buffer of `LENGTH` bytes for it. */
  LENGTH_READY: 1,
  /** The buffer holds the outcome. */
  FILLED: 2,
} as const;

const HEADER_LENGTH_BYTES = 4;

/**
 * One byte string for an outcome: a length-prefixed JSON header (code, streams, file paths and
 * sizes), then the files' bytes in order. Shared memory takes bytes, not structured clones.
 */
export function encodeSubrunOutcome(outcome: SubrunOutcome): Uint8Array {
  const header = new TextEncoder().encode(
    JSON.stringify({
      exitCode: outcome.exitCode,
      stdout: outcome.stdout,
      stderr: outcome.stderr,
      files: outcome.files.map((f) => ({ path: f.path, size: f.data.byteLength })),
    }),
  );
  const fileBytes = outcome.files.reduce((sum, f) => sum + f.data.byteLength, 0);
  const out = new Uint8Array(HEADER_LENGTH_BYTES + header.byteLength + fileBytes);
  new DataView(out.buffer).setUint32(0, header.byteLength);
  out.set(header, HEADER_LENGTH_BYTES);
  let at = HEADER_LENGTH_BYTES + header.byteLength;
  for (const file of outcome.files) {
    out.set(file.data, at);
    at += file.data.byteLength;
  }
  return out;
}

interface EncodedHeader {
  exitCode: number;
  stdout: string;
  stderr: string;
  files: { path: string; size: number }[];
}

/** The outcome {@link encodeSubrunOutcome} wrote; the files are copies, not views. */
export function decodeSubrunOutcome(bytes: Uint8Array): SubrunOutcome {
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0);
  const headerEnd = HEADER_LENGTH_BYTES + headerLength;
  const header = JSON.parse(
    new TextDecoder().decode(bytes.slice(HEADER_LENGTH_BYTES, headerEnd)),
  ) as EncodedHeader;
  let at = headerEnd;
  const files = header.files.map(({ path, size }) => {
    const data = bytes.slice(at, at + size);
    at += size;
    return { path, data };
  });
  return { exitCode: header.exitCode, stdout: header.stdout, stderr: header.stderr, files };
}
