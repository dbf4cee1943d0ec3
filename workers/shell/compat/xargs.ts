import { type CustomCommand, defineCommand } from "just-bash/browser";
import { original } from "./io";

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
    return original(ctx, "xargs", normalized);
  });
}
