import { type CustomCommand, defineCommand } from "just-bash/browser";
import { original } from "./io";

// ─── uniq ───────────────────────────────────────────────────────────────────────────────────────

/**
 * `uniq -c`: GNU prints the count right-aligned in 7 columns (`%7d `); just-bash pads to 4, so
 * every `sort | uniq -c` report looked different.
 */
export function uniqCommand(): CustomCommand {
  return defineCommand("uniq", async (args, ctx) => {
    const result = await original(ctx, "uniq", args);
    const end = args.indexOf("--");
    const options = end < 0 ? args : args.slice(0, end);
    if (!options.some((a) => a === "--count" || /^-[a-zA-Z]*c/.test(a))) return result;
    const stdout = result.stdout.replace(
      /^ *(\d+) /gm,
      (_m, count: string) => `${count.padStart(7)} `,
    );
    return { ...result, stdout };
  });
}
