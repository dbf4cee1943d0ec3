import { type CustomCommand, defineCommand } from "just-bash/browser";
import { textResult } from "./io";

// ─── mktemp (missing from just-bash) ────────────────────────────────────────────────────────────

/** `mktemp [-d] [-u] [-q] [-p DIR | --tmpdir[=DIR] | -t] [TEMPLATE]`, as in GNU coreutils. */
export function mktempCommand(): CustomCommand {
  return defineCommand("mktemp", async (args, ctx) => {
    let directory = false;
    let dryRun = false;
    let quiet = false;
    let inTmpdir = false;
    let legacyT = false;
    let base: string | undefined;
    let template: string | undefined;
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      if (arg === "--directory") directory = true;
      else if (arg === "--dry-run") dryRun = true;
      else if (arg === "--quiet") quiet = true;
      else if (arg === "--tmpdir" || arg.startsWith("--tmpdir=")) {
        inTmpdir = true;
        if (arg.includes("=")) base = arg.slice(arg.indexOf("=") + 1);
      } else if (arg === "-p" || arg.startsWith("-p")) {
        inTmpdir = true;
        base = arg === "-p" ? args[++i] : arg.slice(2);
      } else if (/^-[duqt]+$/.test(arg)) {
        directory ||= arg.includes("d");
        dryRun ||= arg.includes("u");
        quiet ||= arg.includes("q");
        legacyT ||= arg.includes("t");
      } else if (arg.startsWith("-") && arg !== "-") {
        return textResult("", `mktemp: unrecognized option '${arg}'\n`, 1);
      } else template = arg;
    }
    if (template === undefined) {
      template = "tmp.XXXXXXXXXX";
      inTmpdir = true;
    }
    const xs = /X{3,}$/.exec(template);
    if (!xs) return textResult("", `mktemp: too few X's in template '${template}'\n`, 1);
    const tmpdir = ctx.env.get("TMPDIR") || "/tmp";
    const dir = legacyT ? ctx.env.get("TMPDIR") || base || "/tmp" : inTmpdir ? base || tmpdir : "";
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    for (let attempt = 0; attempt < 100; attempt++) {
      const random = crypto.getRandomValues(new Uint8Array(xs[0].length));
      const name =
        template.slice(0, xs.index) +
        Array.from(random, (b) => alphabet[b % alphabet.length]).join("");
      const shown = dir ? `${dir.replace(/\/+$/, "")}/${name}` : name;
      const path = ctx.fs.resolvePath(ctx.cwd, shown);
      if (await ctx.fs.exists(path)) continue;
      try {
        if (!dryRun && directory) await ctx.fs.mkdir(path);
        if (!dryRun && !directory) await ctx.fs.writeFile(path, "");
        if (!dryRun) await ctx.fs.chmod(path, directory ? 0o700 : 0o600);
      } catch {
        const what = directory ? "directory" : "file";
        const message = `mktemp: failed to create ${what} via template '${shown.slice(0, shown.length - xs[0].length)}${xs[0]}': No such file or directory\n`;
        return textResult("", quiet ? "" : message, 1);
      }
      return textResult(`${shown}\n`);
    }
    return textResult("", quiet ? "" : "mktemp: too many attempts\n", 1);
  });
}
