#!/bin/sh
# until loops, break and continue (including break N).
i=0
until [ $i -ge 5 ]; do
  i=$((i + 1))
  if [ $i -eq 2 ]; then continue; fi
  echo "until i=$i"
done
for n in 1 2 3 4 5 6 7 8 9; do
  if [ $((n % 2)) -eq 0 ]; then continue; fi
  if [ $n -gt 7 ]; then break; fi
  echo "odd $n"
done
for outer in a b c; do
  for inner in 1 2 3; do
    if [ "$inner" = 2 ] && [ "$outer" = b ]; then break 2; fi
    echo "$outer$inner"
  done
done
echo "after nested break"
count=0
while :; do
  count=$((count + 1))
  [ $count -lt 4 ] || break
done
echo "count=$count"
while false; do echo never; done
echo "loop status=$?"
