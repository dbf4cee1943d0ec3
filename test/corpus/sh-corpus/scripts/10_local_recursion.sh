#!/bin/bash
# local variables and recursion.
x=global
shadow() {
  local x=local
  echo "inside: $x"
}
shadow
echo "outside: $x"
fact() {
  local n=$1
  if (( n <= 1 )); then echo 1; return; fi
  local sub
  sub=$(fact $((n - 1)))
  echo $((n * sub))
}
echo "5! = $(fact 5)"
echo "10! = $(fact 10)"
fib() {
  local n=$1
  if [ "$n" -lt 2 ]; then echo "$n"; return; fi
  echo $(( $(fib $((n - 1))) + $(fib $((n - 2))) ))
}
for i in 0 1 2 5 10; do echo "fib($i)=$(fib $i)"; done
depth() {
  local level=$1
  if [ "$level" -ge 3 ]; then echo "bottom at $level"; return 7; fi
  depth $((level + 1))
  local rc=$?
  echo "unwind $level rc=$rc"
  return $rc
}
depth 0; echo "final rc=$?"
