import type { ExecResult, ResolvedCommandContext } from "just-bash/browser";

// ─── Shared helpers ─────────────────────────────────────────────────────────────────────────────

export type Context = ResolvedCommandContext;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** At runtime `ctx.stdin` is a string with one byte per char (the browser entry has no accessor). */
export function stdinBytes(ctx: Context): string {
  return ctx.stdin as unknown as string;
}

/** Bytes as a byte string (one char per byte), the form just-bash passes binary data in. */
export function bytesToLatin1(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return text;
}

/** A byte string back to bytes. */
export function latin1ToBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

/** UTF-8 encodes text into a byte string. */
export const utf8Bytes = (text: string): string => bytesToLatin1(encoder.encode(text));
/** Decodes a byte string as UTF-8. */
export const utf8Text = (bytes: string): string => decoder.decode(latin1ToBytes(bytes));

export function textResult(stdout: string, stderr = "", exitCode = 0): ExecResult {
  return { stdout, stderr, exitCode, stdoutKind: "text" };
}

export function bytesResult(stdout: string, stderr = "", exitCode = 0): ExecResult {
  return { stdout, stderr, exitCode, stdoutKind: "bytes" };
}

/** `text` as one single-quoted shell word. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/** Runs the bundled just-bash command that a compat command shadows. */
export async function original(ctx: Context, name: string, args: string[]): Promise<ExecResult> {
  if (ctx.origCommand) return ctx.origCommand(args);
  return textResult("", `${name}: built-in implementation unavailable\n`, 127);
}

type Input = { ok: true; bytes: string } | { ok: false; message: string };

/** Reads FILE (`-` is stdin) as a byte string. */
export async function readInput(ctx: Context, command: string, file: string): Promise<Input> {
  if (file === "-") return { ok: true, bytes: stdinBytes(ctx) };
  const path = ctx.fs.resolvePath(ctx.cwd, file);
  try {
    if ((await ctx.fs.stat(path)).isDirectory) {
      return { ok: false, message: `${command}: ${file}: Is a directory\n` };
    }
    return { ok: true, bytes: bytesToLatin1(await ctx.fs.readFileBuffer(path)) };
  } catch {
    return { ok: false, message: `${command}: ${file}: No such file or directory\n` };
  }
}

/** Splits into lines; a last line without its terminator still counts. */
export function splitLines(text: string, terminator = "\n"): string[] {
  if (text === "") return [];
  const lines = text.split(terminator);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** The value of a C `strtod`-style number body: hex, inf/infinity, nan or decimal. */
export function cNumberValue(body: string): number {
  const lower = body.toLowerCase();
  if (lower.startsWith("0x")) return Number.parseInt(lower.slice(2), 16);
  if (lower.startsWith("inf")) return Number.POSITIVE_INFINITY;
  if (lower === "nan") return Number.NaN;
  return Number(lower);
}
