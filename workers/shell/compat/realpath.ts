import { type CustomCommand, defineCommand } from "just-bash/browser";
import { textResult } from "./io";

// ─── realpath (missing from just-bash) ──────────────────────────────────────────────────────────

/** `realpath [-e|-m] [-q] PATH…`: the canonical absolute path (GNU: only the last part may be missing). */
export function realpathCommand(): CustomCommand {
  return defineCommand("realpath", async (args, ctx) => {
    let mode: "default" | "existing" | "missing" = "default";
    let quiet = false;
    const paths: string[] = [];
    for (const arg of args) {
      if (arg === "-e" || arg === "--canonicalize-existing") mode = "existing";
      else if (arg === "-m" || arg === "--canonicalize-missing") mode = "missing";
      else if (arg === "-q" || arg === "--quiet") quiet = true;
      else if (arg.startsWith("-") && arg !== "-") {
        return textResult("", `realpath: unrecognized option '${arg}'\n`, 1);
      } else paths.push(arg);
    }
    if (!paths.length) return textResult("", "realpath: missing operand\n", 1);
    let stdout = "";
    let stderr = "";
    let exitCode = 0;
    for (const path of paths) {
      const absolute = ctx.fs.resolvePath(ctx.cwd, path);
      try {
        stdout += `${await ctx.fs.realpath(absolute)}\n`;
        continue;
      } catch {
        // Fall through: the path, or part of it, does not exist.
      }
      const slash = absolute.lastIndexOf("/");
      const parent = absolute.slice(0, slash) || "/";
      const leaf = absolute.slice(slash + 1);
      let resolved: string | undefined;
      if (mode === "missing") resolved = absolute;
      else if (mode === "default") {
        try {
          const dir = await ctx.fs.realpath(parent);
          resolved = `${dir === "/" ? "" : dir}/${leaf}`;
        } catch {
          resolved = undefined;
        }
      }
      if (resolved === undefined) {
        if (!quiet) stderr += `realpath: ${path}: No such file or directory\n`;
        exitCode = 1;
      } else stdout += `${resolved}\n`;
    }
    return textResult(stdout, stderr, exitCode);
  });
}
