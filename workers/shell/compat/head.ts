import { type CustomCommand, defineCommand } from "just-bash/browser";
import { bytesResult, original, readInput, utf8Bytes } from "./io";

// ─── head ───────────────────────────────────────────────────────────────────────────────────────

/**
 * `head -n -N` / `head -c -N` (GNU: all but the last N lines/bytes) is rejected by just-bash
 * ("invalid number of lines"); it is the usual way to drop a trailer.
 */
export function headCommand(): CustomCommand {
  return defineCommand("head", async (args, ctx) => {
    let unit: "lines" | "bytes" = "lines";
    let count: string | undefined;
    let quiet = false;
    let verbose = false;
    const files: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      const inline = /^(?:-([nc])|--(lines|bytes)=)(.+)$/.exec(arg);
      if (arg === "--") {
        files.push(...args.slice(i + 1));
        break;
      } else if (arg === "-n" || arg === "-c" || arg === "--lines" || arg === "--bytes") {
        unit = arg === "-c" || arg === "--bytes" ? "bytes" : "lines";
        count = args[++i];
      } else if (inline) {
        unit = inline[1] === "c" || inline[2] === "bytes" ? "bytes" : "lines";
        count = inline[3];
      } else if (arg === "-q" || arg === "--quiet" || arg === "--silent") quiet = true;
      else if (arg === "-v" || arg === "--verbose") verbose = true;
      else if (/^-\d+$/.test(arg)) count = arg.slice(1);
      else if (arg.startsWith("-") && arg !== "-") return original(ctx, "head", args);
      else files.push(arg);
    }
    if (count === undefined || !/^-\d+$/.test(count)) return original(ctx, "head", args);
    const drop = Number(count.slice(1));
    const inputs = files.length ? files : ["-"];
    const headers = verbose || (inputs.length > 1 && !quiet);
    let stdout = "";
    let stderr = "";
    let exitCode = 0;
    for (const [index, file] of inputs.entries()) {
      const input = await readInput(ctx, "head", file);
      if (!input.ok) {
        stderr += input.message;
        exitCode = 1;
        continue;
      }
      if (headers) {
        stdout += utf8Bytes(
          `${index ? "\n" : ""}==> ${file === "-" ? "standard input" : file} <==\n`,
        );
      }
      if (unit === "bytes") {
        stdout += input.bytes.slice(0, Math.max(0, input.bytes.length - drop));
      } else {
        const lines = input.bytes.match(/[^\n]*\n|[^\n]+$/g) ?? [];
        stdout += lines.slice(0, Math.max(0, lines.length - drop)).join("");
      }
    }
    return bytesResult(stdout, stderr, exitCode);
  });
}
