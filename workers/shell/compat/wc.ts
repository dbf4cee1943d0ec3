import { type CustomCommand, defineCommand } from "just-bash/browser";
import { type Context, original } from "./io";

// ─── wc ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * `wc` column widths: GNU prints a lone count unpadded, and otherwise right-aligns every count
 * to the digits of the files' total size, or to 7 when reading a pipe (`cmd | wc`). just-bash
 * always used its own widths. The counts themselves come from just-bash.
 */
export function wcCommand(): CustomCommand {
  return defineCommand("wc", async (args, ctx) => {
    const counters = new Set<string>();
    const files: string[] = [];
    const longNames: Record<string, string> = {
      "--lines": "l",
      "--words": "w",
      "--chars": "m",
      "--bytes": "c",
      "--max-line-length": "L",
    };
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      if (arg === "--") {
        files.push(...args.slice(i + 1));
        break;
      }
      const long = longNames[arg];
      if (long) counters.add(long);
      else if (/^-[lwmcL]+$/.test(arg)) for (const letter of arg.slice(1)) counters.add(letter);
      else if (arg.startsWith("-") && arg !== "-") return original(ctx, "wc", args);
      else files.push(arg);
    }
    const result = await original(ctx, "wc", args);
    const columns = counters.size || 3;
    const width = await wcWidth(ctx, files, columns);
    const row = new RegExp(`^\\s*${"(\\d+)\\s+".repeat(columns - 1)}(\\d+)(?: (.*))?$`);
    const stdout = result.stdout
      .split("\n")
      .map((line) => {
        const match = row.exec(line);
        if (!match) return line;
        const counts = match.slice(1, columns + 1).map((n) => (n ?? "").padStart(width));
        const name = match[columns + 1];
        return counts.join(" ") + (name === undefined ? "" : ` ${name}`);
      })
      .join("\n");
    return { ...result, stdout };
  });
}

async function wcWidth(ctx: Context, files: string[], columns: number): Promise<number> {
  if (columns === 1 && files.length <= 1) return 1;
  let minimum = 1;
  let total = 0;
  for (const file of files.length ? files : ["-"]) {
    // just-bash cannot tell `wc < file` from a pipe on stdin; treat stdin as the common pipe.
    if (file === "-") {
      minimum = 7;
      continue;
    }
    try {
      const stat = await ctx.fs.stat(ctx.fs.resolvePath(ctx.cwd, file));
      if (stat.isFile) total += stat.size;
      else minimum = 7;
    } catch {
      // GNU skips files it cannot stat.
    }
  }
  return Math.max(String(total).length, minimum);
}
