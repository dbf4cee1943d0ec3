#!/bin/sh
i=0
while true; do
  i=$((i+1))
  [ $i -eq 2 ] && continue
  [ $i -gt 4 ] && break
  echo "i=$i"
done
n=3; until [ $n -eq 0 ]; do printf '%s ' $n; n=$((n-1)); done; echo
for x in 1 2 3; do for y in a b; do [ "$y" = b ] && continue 2; echo "$x$y"; done; done
