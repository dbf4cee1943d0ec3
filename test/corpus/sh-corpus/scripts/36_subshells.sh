#!/bin/sh
# subshells ( ... ) isolate variables, cd and exit; { ...; } does not.
x=outer
(x=inner; echo "in subshell x=$x")
echo "after subshell x=$x"
{ x=grouped; }
echo "after group x=$x"
(cd data && echo "inside: $(basename "$PWD")")
echo "outside: $(basename "$PWD")"
(exit 3) || echo "subshell failed with $?"
out=$(cd scripts; ls | grep -c '\.sh$' | awk '{print ($1 > 40) ? "many" : "few"}')
echo "scripts: $out"
n=0
echo "a b c" | while read -r w rest; do n=1; done
echo "pipe-loop n=$n"
(
  echo "multi-line subshell"
  set -e
  false
  echo "not reached"
)
echo "subshell status=$?"
result=$( (echo nested-subshell) )
echo "$result"
