import { type CustomCommand, defineCommand } from "just-bash/browser";
import {
  bytesResult,
  type Context,
  original,
  shellQuote,
  stdinBytes,
  utf8Bytes,
  utf8Text,
} from "./io";

// ─── xargs ──────────────────────────────────────────────────────────────────────────────────────

/**
 * `xargs -n1`, `xargs -I{}`, `xargs -d,`, `xargs -0n1`: just-bash only accepts an option's
 * value as a separate word and rejects these common spellings; split them apart.
 */
export function xargsCommand(): CustomCommand {
  const longToShort: Record<string, string> = {
    "--max-args": "-n",
    "--replace": "-I",
    "--delimiter": "-d",
    "--max-procs": "-P",
  };
  return defineCommand("xargs", async (args, ctx) => {
    const normalized: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      if (arg === "--" || arg === "-" || !arg.startsWith("-")) {
        normalized.push(...args.slice(i));
        break;
      }
      const long = /^(--[a-z-]+)=([\s\S]*)$/.exec(arg);
      const short = long ? longToShort[long[1] ?? ""] : undefined;
      if (long && short) {
        normalized.push(short, long[2] ?? "");
      } else if (arg.startsWith("--")) {
        normalized.push(arg);
      } else {
        for (let j = 1; j < arg.length; j++) {
          const letter = arg.charAt(j);
          normalized.push(`-${letter}`);
          if ("IdnP".includes(letter)) {
            const value = j + 1 < arg.length ? arg.slice(j + 1) : args[++i];
            if (value !== undefined) normalized.push(value);
            break;
          }
        }
      }
    }
    return (await insertMode(normalized, ctx)) ?? original(ctx, "xargs", normalized);
  });
}

/**
 * GNU's `xargs -I STR`: one command per input line, leading blanks dropped and empty lines
 * skipped, STR in each argument replaced by the line. just-bash split the input at blanks, so
 * `find … | xargs -I{} …` ran once per word of a name with a space. Undefined (just-bash's own
 * xargs then runs) for options other than -I, -t and -r.
 */
async function insertMode(args: string[], ctx: Context) {
  let replace: string | undefined;
  let trace = false;
  let i = 0;
  for (; i < args.length && args[i]!.startsWith("-") && args[i] !== "--"; i++) {
    if (args[i] === "-I") replace = args[++i];
    else if (args[i] === "-t") trace = true;
    else if (args[i] !== "-r") return undefined;
  }
  if (args[i] === "--") i++;
  const command = args.slice(i);
  if (!replace || !ctx.exec) return undefined;
  if (command.length === 0) command.push("echo");
  let stdout = "";
  let stderr = "";
  let exitCode = 0;
  for (const raw of utf8Text(stdinBytes(ctx)).split("\n")) {
    const line = raw.replace(/^[ \t]+/, "");
    if (!line) continue;
    const argv = command.map((arg) => arg.replaceAll(replace, line));
    if (trace) stderr += `${argv.join(" ")}\n`;
    const result = await ctx.exec(`command ${argv.map(shellQuote).join(" ")}`, {
      cwd: ctx.cwd,
      env: { ...ctx.exportedEnv },
      signal: ctx.signal,
    });
    // Output as bytes: a command's may be either.
    const bytes = result.stdoutKind === "bytes" || result.stdoutEncoding === "binary";
    stdout += bytes ? result.stdout : utf8Bytes(result.stdout);
    stderr += result.stderr;
    if (result.exitCode === 255) {
      stderr += `xargs: ${argv[0]}: exited with status 255; aborting\n`;
      return bytesResult(stdout, stderr, 124);
    }
    if (result.exitCode === 126 || result.exitCode === 127) {
      return bytesResult(stdout, stderr, result.exitCode);
    }
    if (result.exitCode !== 0) exitCode = 123;
  }
  return bytesResult(stdout, stderr, exitCode);
}
