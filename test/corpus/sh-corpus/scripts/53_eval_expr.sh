#!/bin/sh
# eval, expr, command -v (output suppressed), type-free checks.
cmd='echo "evaluated $((2 + 2))"'
eval "$cmd"
for k in alpha beta; do eval "val_$k=\"value of $k\""; done
eval "echo \"\$val_alpha / \$val_beta\""
name=val_beta
eval "indirect=\$$name"
echo "indirect=$indirect"
echo "expr add: $(expr 3 + 4)"
echo "expr mul: $(expr 6 \* 7)"
echo "expr len: $(expr length "hello")"
echo "expr match: $(expr "abc123" : '[a-z]*')"
expr 5 \> 3 > /dev/null && echo "expr compare true"
expr 0 + 0 > /dev/null; echo "expr zero status=$?"
if command -v jq > /dev/null 2>&1; then echo "jq available"; fi
if command -v definitely-not-installed-xyz > /dev/null 2>&1; then echo "weird"; else echo "missing tool detected"; fi
set -- "x y" z
eval "set -- $(printf "'%s' " a "b c")"
echo "after eval set: $# [$2]"
