import { type CustomCommand, defineCommand } from "just-bash/browser";
import { original } from "./io";

// ─── od ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * just-bash's od reads the type only as a separate argument (`-t x1`); the attached form that
 * scripts write (`-tx1`, `-An`) printed octal. The attached form is split before the bundled
 * command sees it.
 */
export function odCommand(): CustomCommand {
  return defineCommand("od", (args, ctx) =>
    original(
      ctx,
      "od",
      args.flatMap((arg) => (/^-t.+/.test(arg) ? ["-t", arg.slice(2)] : [arg])),
    ),
  );
}
