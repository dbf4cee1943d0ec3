/**
 * Corpus cases where the built-in shell (just-bash with scripts/shell/justBashPatches.ts) differs
 * from dash/bash, keyed by `SCRIPT ["args"]`, each with the reason. The README lists the same
 * differences ("Known differences from the real programs").
 */
export const KNOWN_SHELL_DIFFERENCES: Readonly<Record<string, string>> = {
  "scripts/114_arith_command_shift.sh []":
    "just-bash's parser reads `<<` inside an arithmetic command `(( … ))` as the start of a here-document, so the script is a syntax error (exit 2); `$(( x << 35 ))` is parsed correctly.",
};
