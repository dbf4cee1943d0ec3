#!/bin/sh
# Building JSON with printf, as many skills do without jq.
items="apple:3 pear:5 fig:1"
printf '{"items":['
first=1
for it in $items; do
  name=${it%%:*}; qty=${it#*:}
  [ $first -eq 1 ] || printf ','
  printf '{"name":"%s","qty":%d}' "$name" "$qty"
  first=0
done
printf ']}\n'
total=0; for it in $items; do total=$((total + ${it#*:})); done
printf '{"total":%d}\n' "$total"
