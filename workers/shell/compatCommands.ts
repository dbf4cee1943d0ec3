/**
 * GNU coreutils / dash compatibility fixes for just-bash, registered as custom commands.
 *
 * Each command below shadows a just-bash built-in whose output differs from what a skill author
 * gets from the real tools, in ways ordinary skill scripts run into. Where a small fix suffices,
 * the command adjusts the arguments or the output of the bundled command (`ctx.origCommand`);
 * `sort`, `printf` and `cut -f` are reimplemented because their differences are spread through
 * the whole command. Anything a fix does not understand is handed to the bundled command as is.
 *
 * Differences that live in the interpreter itself (traps, expansions, `local -i`, …) are fixed
 * in just-bash's bundle by scripts/shell/justBashPatches.ts; what remains is listed in the
 * docs/runtimes.md ("Known differences from the real programs").
 */
import type { CustomCommand } from "just-bash/browser";
import { checksumCommands } from "./compat/checksum";
import { cutCommand } from "./compat/cut";
import { envCommand } from "./compat/env";
import { exprCommand } from "./compat/expr";
import { gzipCommands } from "./compat/gzip";
import { headCommand } from "./compat/head";
import { jqCommand } from "./compat/jq";
import { mktempCommand } from "./compat/mktemp";
import { odCommand } from "./compat/od";
import { pathCommands } from "./compat/paths";
import { printfCommand } from "./compat/printf";
import { realpathCommand } from "./compat/realpath";
import { shellCommand } from "./compat/shellArgs";
import { sortCommand } from "./compat/sort";
import { uniqCommand } from "./compat/uniq";
import { wcCommand } from "./compat/wc";
import { xargsCommand } from "./compat/xargs";

export function compatCommands(): CustomCommand[] {
  return [
    uniqCommand(),
    sortCommand(),
    headCommand(),
    cutCommand(),
    wcCommand(),
    printfCommand(),
    jqCommand(),
    envCommand(),
    exprCommand(),
    xargsCommand(),
    shellCommand("sh"),
    shellCommand("bash"),
    mktempCommand(),
    realpathCommand(),
    ...checksumCommands(),
    ...gzipCommands(),
    ...pathCommands(),
    odCommand(),
  ];
}
