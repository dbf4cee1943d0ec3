import { type CustomCommand, defineCommand } from "just-bash/browser";
import { original, textResult } from "./io";

// ─── basename / dirname ─────────────────────────────────────────────────────────────────────────

/** just-bash's basename and dirname print "" and "." for `/` (and `//`); coreutils prints `/`. */
function rootAware(name: "basename" | "dirname"): CustomCommand {
  return defineCommand(name, async (args, ctx) => {
    const operands = args.filter((a) => !a.startsWith("-"));
    const [first = ""] = operands;
    if (/^\/+$/.test(first) && (name === "dirname" || operands.length <= 2)) {
      return textResult(name === "dirname" ? `${operands.map(() => "/").join("\n")}\n` : "/\n");
    }
    return original(ctx, name, args);
  });
}

export function pathCommands(): CustomCommand[] {
  return [rootAware("basename"), rootAware("dirname")];
}
