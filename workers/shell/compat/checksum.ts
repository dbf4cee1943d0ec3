import { md5, sha1 } from "@noble/hashes/legacy.js";
import { sha224, sha256, sha384, sha512 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { type CustomCommand, defineCommand } from "just-bash/browser";
import { type Context, latin1ToBytes, readInput, splitLines, textResult } from "./io";

// ─── md5sum / sha1sum / sha*sum ─────────────────────────────────────────────────────────────────

/**
 * The coreutils checksum commands. just-bash computes them with WebCrypto, which an opaque-origin
 * sandbox worker does not have (`crypto.subtle` is undefined there), so every call failed; these
 * hash in JavaScript. Supports FILE… (`-` or none for stdin), `-c` check files, `--quiet`,
 * `--status`, and `-b`/`-t` (no effect on POSIX, as in coreutils).
 */
const ALGORITHMS = {
  md5sum: md5,
  sha1sum: sha1,
  sha224sum: sha224,
  sha256sum: sha256,
  sha384sum: sha384,
  sha512sum: sha512,
};

type Algorithm = keyof typeof ALGORITHMS;

async function digestOf(ctx: Context, name: Algorithm, file: string) {
  const input = await readInput(ctx, name, file);
  if (!input.ok) return input;
  return { ok: true as const, hex: bytesToHex(ALGORITHMS[name](latin1ToBytes(input.bytes))) };
}

async function check(
  ctx: Context,
  name: Algorithm,
  files: string[],
  quiet: boolean,
  status: boolean,
) {
  let stdout = "";
  let stderr = "";
  let failed = 0;
  for (const listFile of files.length > 0 ? files : ["-"]) {
    const list = await readInput(ctx, name, listFile);
    if (!list.ok) return textResult("", list.message, 1);
    for (const line of splitLines(list.bytes)) {
      const match = /^([0-9a-fA-F]+) [ *](.+)$/.exec(line);
      if (!match) continue;
      const [, expected = "", file = ""] = match;
      const actual = await digestOf(ctx, name, file);
      const ok = actual.ok && actual.hex === expected.toLowerCase();
      if (!actual.ok) stderr += actual.message;
      if (!ok) failed++;
      if (!status && (!ok || !quiet))
        stdout += `${file}: ${ok ? "OK" : actual.ok ? "FAILED" : "FAILED open or read"}\n`;
    }
  }
  if (failed > 0 && !status) {
    stderr += `${name}: WARNING: ${failed} computed checksum${failed === 1 ? "" : "s"} did NOT match\n`;
  }
  return textResult(stdout, stderr, failed > 0 ? 1 : 0);
}

function checksumCommand(name: Algorithm): CustomCommand {
  return defineCommand(name, async (args, ctx) => {
    let checking = false;
    let quiet = false;
    let status = false;
    const files: string[] = [];
    for (const arg of args) {
      if (arg === "-c" || arg === "--check") checking = true;
      else if (arg === "--quiet") quiet = true;
      else if (arg === "--status") status = true;
      else if (arg === "-b" || arg === "-t" || arg === "--binary" || arg === "--text") continue;
      else files.push(arg);
    }
    if (checking) return check(ctx, name, files, quiet, status);
    let stdout = "";
    let stderr = "";
    for (const file of files.length > 0 ? files : ["-"]) {
      const digest = await digestOf(ctx, name, file);
      if (digest.ok) stdout += `${digest.hex}  ${file}\n`;
      else stderr += digest.message;
    }
    return textResult(stdout, stderr, stderr ? 1 : 0);
  });
}

export function checksumCommands(): CustomCommand[] {
  return (Object.keys(ALGORITHMS) as Algorithm[]).map(checksumCommand);
}
