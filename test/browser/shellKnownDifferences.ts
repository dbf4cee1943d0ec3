/**
 * Corpus cases where the built-in shell (just-bash with scripts/shell/justBashPatches.ts) differs
 * from dash/bash, keyed by `SCRIPT ["args"]`, each with the reason. The README lists the same
 * differences ("Known differences from the real programs").
 */
export const KNOWN_SHELL_DIFFERENCES: Readonly<Record<string, string>> = {
  "scripts/114_arith_command_shift.sh []":
    "just-bash's parser reads `<<` inside an arithmetic command `(( … ))` as the start of a here-document, so the script is a syntax error (exit 2); `$(( x << 35 ))` is parsed correctly.",
  "scripts/118_child_environment.sh []":
    "just-bash starts `sh -c` from the run's starting variables (one unset, or removed by `env -u`, comes back) and without the shell's descriptors past 2 (a here-document on 3 or 7 does not reach it)",
  "scripts/123_descriptors_six_to_nine.sh []":
    "just-bash fails a redirection from a closed descriptor with status 1 (dash: 2), `<&6` on a closed 6 reads as empty input instead of failing, and `sh -c` gets no descriptor past 2 (see 118)",
};

/**
 * Corpus cases where the Wasmer engine (dash and toybox built by scripts/build-wasix-shell.sh)
 * differs from dash/bash and GNU coreutils on this machine. The README lists the same.
 */
export const KNOWN_WASIX_SHELL_DIFFERENCES: Readonly<Record<string, string>> = {
  "scripts/66_symlinks.sh []":
    "symbolic links: reading through a link to a folder fails on the runtime's file system",
  "scripts/114_arith_command_shift.sh []": `a bash script, so it runs on the built-in engine: ${KNOWN_SHELL_DIFFERENCES["scripts/114_arith_command_shift.sh []"]}`,
};
