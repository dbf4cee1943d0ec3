import { type CustomCommand, defineCommand } from "just-bash/browser";
import { original, stdinBytes, textResult } from "./io";

// ─── sh / bash ──────────────────────────────────────────────────────────────────────────────────

/**
 * `sh FILE ARGS…`, `bash FILE ARGS…` and `sh -c STRING [NAME ARGS…]` run here rather than by
 * just-bash's own sh/bash, for two reasons: those printed their usage whenever `--help` appeared
 * anywhere in the arguments, so a script never saw its own `--help` flag; and the script must
 * know whether it runs as sh or as bash (the `shellName` exec option read by the patched
 * interpreter: `set -u` stops sh with status 2, as dash does, and bash with 1). Options before
 * the script (`sh -e FILE`, `sh -x`, `sh --help`) go to the bundled command.
 */
export function shellCommand(name: "sh" | "bash"): CustomCommand {
  return defineCommand(name, async (args, ctx) => {
    const first = args[0];
    if (first === undefined || !ctx.exec || (first.startsWith("-") && first !== "-c")) {
      return original(ctx, name, args);
    }
    let source: string;
    let zero: string;
    let params: string[];
    if (first === "-c") {
      source = args[1] ?? "";
      zero = args[2] ?? name;
      params = args.slice(3);
    } else {
      try {
        source = await ctx.fs.readFile(ctx.fs.resolvePath(ctx.cwd, first));
      } catch {
        return textResult("", `${name}: ${first}: No such file or directory\n`, 127);
      }
      zero = first;
      params = args.slice(1);
    }
    if (source.startsWith("#!")) {
      const newline = source.indexOf("\n");
      source = newline < 0 ? "" : source.slice(newline + 1);
    }
    const env: Record<string, string> = Object.assign(Object.create(null), ctx.exportedEnv ?? {}, {
      "0": zero,
      "#": String(params.length),
      "@": params.join(" "),
      "*": params.join(" "),
    });
    params.forEach((param, index) => {
      env[String(index + 1)] = param;
    });
    const options = { env, cwd: ctx.cwd, signal: ctx.signal, shellName: name };
    // As just-bash's sh: the script shares the caller's stdin when the interpreter allows it.
    if (ctx.execWithInheritedStdin) return ctx.execWithInheritedStdin(source, options);
    return ctx.exec(source, { ...options, stdin: stdinBytes(ctx), stdinKind: "bytes" });
  });
}
