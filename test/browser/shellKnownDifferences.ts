/**
 * Corpus cases where the built-in shell (just-bash) differs from dash/bash, keyed by
 * `SCRIPT ["args"]`, each with the reason. The README lists the same differences
 * (workers/shell/README-differences.md). Command-level differences are fixed by
 * workers/shell/compatCommands.ts; what remains here is in the interpreter itself.
 */
export const KNOWN_SHELL_DIFFERENCES: Readonly<Record<string, string>> = {
  "scripts/10_local_recursion.sh []":
    "just-bash runs a command substitution inside $(( )) without the shell's functions (`$(( $(fib 1) + $(fib 0) ))` says fib: command not found, so fib(2)=0); bash calls the function.",
  'scripts/11_for_loops.sh ["x y","$(whoami)","*"]':
    'just-bash word-splits the arguments of `for a; do` (implicit "$@"), so the argument "x y" gives two iterations; dash keeps one per argument.',
  'scripts/15_case.sh ["--verbose","$(whoami)","*",";","file name.txt","9"]':
    'just-bash treats a backslash-escaped `*` in a case pattern (`\\**)`) as a wildcard, so words meant for the later branches print "starts with star"; dash matches a literal `*`.',
  "scripts/30_test_compare.sh []":
    'just-bash runs a command word that comes from "$@" (`if "$@"; then` with `[ abc = abc ]`) as one joined command name, "[ abc = abc ]: command not found"; dash runs `[` with the arguments.',
  'scripts/30_test_compare.sh ["yes"]':
    'just-bash runs a command word that comes from "$@" (`if "$@"; then` with `[ abc = abc ]`) as one joined command name, "[ abc = abc ]: command not found"; dash runs `[` with the arguments.',
  'scripts/30_test_compare.sh ["it\'s; $HOME *"]':
    'just-bash runs a command word that comes from "$@" (`if "$@"; then` with `[ abc = abc ]`) as one joined command name, "[ abc = abc ]: command not found"; dash runs `[` with the arguments.',
  "scripts/34_set_u.sh []":
    "just-bash exits 1 on an unset variable under set -u (bash's status) when run as sh; dash exits 2.",
  'scripts/37_trap_exit.sh ["ok"]':
    'just-bash has no trap builtin ("trap: command not found"), so the EXIT handler never runs; dash runs it on exit.',
  'scripts/37_trap_exit.sh ["fail"]':
    'just-bash has no trap builtin ("trap: command not found"), so the EXIT handler never runs; dash runs it on exit.',
  'scripts/37_trap_exit.sh ["exit"]':
    'just-bash has no trap builtin ("trap: command not found"), so the EXIT handler never runs; dash runs it on exit.',
  "scripts/38_trap_misc.sh []":
    "just-bash has no trap builtin (\"trap: command not found\"), so neither the subshell's nor the script's EXIT trap runs; dash runs both.",
  'scripts/39_cli_args.sh ["--name","Ada Lovelace","--count","2","report.txt","my file.txt"]':
    'just-bash does not support `!` negation in case patterns (`*[!0-9]*` matches "2" and not "two"), so --count validation inverts; dash treats [!0-9] as "not a digit".',
  'scripts/39_cli_args.sh ["--name=bob","--upper","--","--not-an-option","$(whoami)"]':
    'just-bash does not support `!` negation in case patterns (`*[!0-9]*` matches "2" and not "two"), so --count validation inverts; dash treats [!0-9] as "not a digit".',
  'scripts/39_cli_args.sh ["--name","x","--count","two"]':
    'just-bash does not support `!` negation in case patterns (`*[!0-9]*` matches "2" and not "two"), so --count validation inverts; dash treats [!0-9] as "not a digit".',
  "scripts/42_bash_assoc.sh []":
    "just-bash expands an array element with a :- default inside $(( )) (the city_count[$city]:-0 lookup) to the default, so every count stays 1; bash uses the element's value.",
  "scripts/55_bash_functions.sh []":
    "just-bash ignores the integer attribute of `local -i`, so `total+=n` appends text (sum=0nnnn); bash adds numbers (sum=10).",
};
