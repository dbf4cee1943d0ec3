import { type CustomCommand, defineCommand } from "just-bash/browser";
import { original, shellQuote, stdinBytes, textResult } from "./io";

// ─── env ────────────────────────────────────────────────────────────────────────────────────────

/**
 * `env [NAME=VALUE…] [COMMAND…]`. just-bash's env gave NAME to the command's variables but not
 * to its exports, so `env X=1 sh -c 'echo $X'` printed nothing; the command now runs with the
 * assignments as shell prefix assignments, which behave like `X=1 sh -c …`. Without a command,
 * GNU env lists the exported environment, where just-bash listed every shell variable (IFS,
 * OPTIND, `?`, …). Options (-i, -u) stay with just-bash.
 */
export function envCommand(): CustomCommand {
  return defineCommand("env", async (args, ctx) => {
    let split = 0;
    while (split < args.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(args[split] ?? "")) split++;
    const assignments = args.slice(0, split).map((assignment) => {
      const eq = assignment.indexOf("=");
      return [assignment.slice(0, eq), assignment.slice(eq + 1)] as const;
    });
    const command = args.slice(split);
    const first = command[0];
    if (first === undefined && ctx.exportedEnv) {
      const environment = new Map(Object.entries(ctx.exportedEnv));
      for (const [name, value] of assignments) environment.set(name, value);
      return textResult([...environment].map(([name, value]) => `${name}=${value}\n`).join(""));
    }
    if (split === 0 || first === undefined || first.startsWith("-") || !ctx.exec) {
      return original(ctx, "env", args);
    }
    const prefix = assignments.map(([name, value]) => `${name}=${shellQuote(value)}`).join(" ");
    return ctx.exec(`${prefix} command ${command.map(shellQuote).join(" ")}`, {
      cwd: ctx.cwd,
      // ctx.exec starts from the shell's initial state: hand over the current exports, as
      // just-bash's own sh does.
      env: { ...ctx.exportedEnv },
      stdin: stdinBytes(ctx),
      stdinKind: "bytes",
      signal: ctx.signal,
    });
  });
}
