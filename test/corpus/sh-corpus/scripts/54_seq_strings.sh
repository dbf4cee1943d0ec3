#!/bin/sh
# seq, string building, basename/dirname, padding.
seq 3
seq 2 2 8 | tr '\n' ','; echo
seq -s ' ' 5 -1 1
list=""
for i in $(seq 1 5); do list="${list:+$list,}item$i"; done
echo "$list"
echo "$(basename data/people.csv) $(basename data/people.csv .csv) $(dirname data/people.csv)"
echo "$(dirname file-without-dir) $(basename /trailing/slash/)"
line=$(printf '%*s' 10 '' | tr ' ' '-')
echo "$line"
for n in 7 42 133; do printf '%03d ' "$n"; done; echo
upper=$(echo "mixed Case" | tr '[:lower:]' '[:upper:]')
echo "$upper"
printf '%s\n' a b c | paste -sd, -
printf 'k1 v1\nk2 v2\n' | while read -r k v; do echo "$k=>$v"; done
echo "rev: $(echo stressed | rev)"
