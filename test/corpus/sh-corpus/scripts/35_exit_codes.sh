#!/bin/sh
# exit codes: false; $?, exit n, subshell exit.
false; echo "false -> $?"
true; echo "true -> $?"
(exit 7); echo "subshell exit 7 -> $?"
! false; echo "negated false -> $?"
sh_status() { return "$1"; }
sh_status 42; echo "function return 42 -> $?"
echo "x" | grep -q y; echo "grep no match -> $?"
[ -f data/none ]; echo "test false -> $?"
nonexistent_command_xyz 2>/dev/null; echo "command not found -> $?"
code=${1:-0}
echo "exiting with $code"
exit "$code"
