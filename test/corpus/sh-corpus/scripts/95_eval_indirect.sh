#!/bin/bash
name=target; target="the value"
echo "${!name}"
eval "dyn_$name=42"; echo "$dyn_target"
cmd='echo "eval with $target"'; eval "$cmd"
for v in A B; do eval "var_$v=\$v\$v"; done; echo "$var_A $var_B"
declare -n ref=target; ref="changed"; echo "$target"
