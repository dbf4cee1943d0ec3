#!/bin/sh
# Functions, arguments, return codes.
greet() {
  echo "hello, $1 (args=$#)"
}
is_even() {
  [ $(($1 % 2)) -eq 0 ]
}
classify() {
  if [ "$1" -lt 0 ]; then return 2; fi
  if is_even "$1"; then return 0; fi
  return 1
}
greet "world" extra
greet
for n in 4 7 -3 0; do
  classify "$n"
  echo "classify $n -> $?"
done
max() { if [ "$1" -gt "$2" ]; then echo "$1"; else echo "$2"; fi; }
echo "max=$(max 3 9)"
counter=0
bump() { counter=$((counter + 1)); }
bump; bump; bump
echo "counter=$counter"
if is_even 10 && ! is_even 11; then echo "logic ok"; fi
