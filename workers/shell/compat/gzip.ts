import { gunzipSync, gzipSync } from "fflate";
import { type CustomCommand, defineCommand } from "just-bash/browser";
import {
  bytesResult,
  bytesToLatin1,
  type Context,
  latin1ToBytes,
  readInput,
  textResult,
} from "./io";

// ─── gzip / gunzip / zcat ───────────────────────────────────────────────────────────────────────

/**
 * just-bash's gzip needs Node's zlib, which its browser bundle lacks, so it crashed in the
 * sandbox; these use fflate. FILE… is compressed to FILE.gz (or back) and the original removed,
 * as gzip does; `-c` writes to stdout and keeps files; `-d` decompresses; `-k` keeps the input;
 * `-f` overwrites; `-1`…`-9` set the level. No FILE means stdin to stdout.
 */
type Level = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

function transform(data: Uint8Array, decompress: boolean, level: Level): Uint8Array {
  return decompress ? gunzipSync(data) : gzipSync(data, { level });
}

async function exists(ctx: Context, path: string): Promise<boolean> {
  return ctx.fs.exists(ctx.fs.resolvePath(ctx.cwd, path));
}

function gzipLike(name: "gzip" | "gunzip" | "zcat"): CustomCommand {
  return defineCommand(name, async (args, ctx) => {
    let decompress = name !== "gzip";
    let toStdout = name === "zcat";
    let keep = false;
    let force = false;
    let level: Level = 6;
    const files: string[] = [];
    for (const arg of args) {
      if (arg === "--") continue;
      if (arg.startsWith("-") && arg !== "-") {
        for (const flag of arg.slice(1)) {
          if (flag === "d") decompress = true;
          else if (flag === "c") toStdout = true;
          else if (flag === "k") keep = true;
          else if (flag === "f") force = true;
          else if (flag >= "1" && flag <= "9") level = Number(flag) as Level;
          else if (flag !== "n" && flag !== "q") {
            return textResult("", `${name}: invalid option -- '${flag}'\n`, 1);
          }
        }
      } else files.push(arg);
    }
    if (files.length === 0) files.push("-");
    let stdout = "";
    let stderr = "";
    for (const file of files) {
      const input = await readInput(ctx, name, file);
      if (!input.ok) {
        stderr += input.message;
        continue;
      }
      let output: Uint8Array;
      try {
        output = transform(latin1ToBytes(input.bytes), decompress, level);
      } catch {
        stderr += `${name}: ${file === "-" ? "stdin" : file}: not in gzip format\n`;
        continue;
      }
      if (toStdout || file === "-") {
        stdout += bytesToLatin1(output);
        continue;
      }
      if (decompress && !file.endsWith(".gz")) {
        stderr += `${name}: ${file}: unknown suffix -- ignored\n`;
        continue;
      }
      const target = decompress ? file.slice(0, -3) : `${file}.gz`;
      if (!force && (await exists(ctx, target))) {
        stderr += `${name}: ${target} already exists\n`;
        continue;
      }
      await ctx.fs.writeFile(ctx.fs.resolvePath(ctx.cwd, target), output);
      if (!keep) await ctx.fs.rm(ctx.fs.resolvePath(ctx.cwd, file));
    }
    return bytesResult(stdout, stderr, stderr ? 1 : 0);
  });
}

export function gzipCommands(): CustomCommand[] {
  return [gzipLike("gzip"), gzipLike("gunzip"), gzipLike("zcat")];
}
