/**
 * Corpus cases where the built-in shell (just-bash with scripts/shell/justBashPatches.ts) differs
 * from dash/bash, keyed by `SCRIPT ["args"]`, each with the reason. The README lists the same
 * differences ("Known differences from the real programs").
 */
export const KNOWN_SHELL_DIFFERENCES: Readonly<Record<string, string>> = {
  "scripts/114_arith_command_shift.sh []":
    "just-bash's parser reads `<<` inside an arithmetic command `(( … ))` as the start of a here-document, so the script is a syntax error (exit 2); `$(( x << 35 ))` is parsed correctly.",
};

/**
 * Corpus cases where the Wasmer engine (dash and toybox built by scripts/build-wasix-shell.sh)
 * differs from dash/bash and GNU coreutils on this machine. The README lists the same.
 */
const NO_AWK = "toybox 0.8.9 has no awk";
const NO_JQ = "toybox has no jq";
const STACK_RESTORE =
  "dash leaving a function through `exit` after a redirection ends the process with status 79: the runtime's stack restore (longjmp) fails there";

export const KNOWN_WASIX_SHELL_DIFFERENCES: Readonly<Record<string, string>> = {
  "scripts/20_sed.sh []":
    "toybox sed replaces the wrong match for `s/o/0/2` (a numbered occurrence)",
  "scripts/21_awk_fields.sh []": NO_AWK,
  "scripts/22_awk_assoc.sh []": NO_AWK,
  "scripts/23_sort_uniq.sh []": NO_AWK,
  "scripts/24_wc_head_tail.sh []": "toybox head -c exits 1 on this runtime",
  "scripts/27_jq_basic.sh []": NO_JQ,
  "scripts/28_jq_filters.sh []": NO_JQ,
  "scripts/36_subshells.sh []": NO_AWK,
  'scripts/39_cli_args.sh ["--name","x","--bogus"]': STACK_RESTORE,
  'scripts/39_cli_args.sh ["--count","3"]': STACK_RESTORE,
  'scripts/39_cli_args.sh ["--name"]': STACK_RESTORE,
  'scripts/47_python_then_node.sh ["from shell","x;y","*"]': NO_JQ,
  "scripts/48_log_report.sh []": NO_AWK,
  "scripts/50_csv_to_json.sh []": NO_AWK,
  "scripts/51_word_freq.sh []": NO_AWK,
  "scripts/53_eval_expr.sh []": `toybox expr has no \`length\`; ${NO_JQ}`,
  "scripts/66_symlinks.sh []":
    "symbolic links: reading through a link to a folder fails on the runtime's file system",
  "scripts/88_functions.sh []": `a function calling itself inside $(…) prints nothing (${STACK_RESTORE})`,
  'scripts/88_functions.sh ["a","b c"]': `a function calling itself inside $(…) prints nothing (${STACK_RESTORE})`,
  "scripts/99_text_tools.sh []": NO_AWK,
  "scripts/100_awk_more.sh []": NO_AWK,
  "scripts/101_sed_more.sh []": "toybox `sed -i` does not write the file back on this runtime",
  "scripts/103_find_xargs.sh []":
    "toybox wc pads its total differently, and `xargs -I{}` runs nothing on this runtime",
  "scripts/111_ln_cp_mv.sh []":
    "symbolic links: reading through a relative link fails on the runtime's file system",
  "scripts/113_date_free_report.sh []": NO_AWK,
  "scripts/114_arith_command_shift.sh []": `a bash script, so it runs on the built-in engine: ${KNOWN_SHELL_DIFFERENCES["scripts/114_arith_command_shift.sh []"]}`,
};
