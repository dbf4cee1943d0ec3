#!/bin/bash
# "$@" and arrays as the command word: the first field is the command.
run() { "$@"; }
run echo "one arg" two
run printf '%s|' a "b c"; echo
cmd=(printf '[%s]\n' "x y" z)
"${cmd[@]}"
retry() { local n=0; until "$@"; do n=$((n+1)); [ $n -ge 2 ] && return 1; done; }
retry test 1 -eq 1 && echo "retry ok"
set -- test abc = abc
if "$@"; then echo "test via \$@ passed"; fi
empty=()
"${empty[@]}"
echo "empty command status $?"
