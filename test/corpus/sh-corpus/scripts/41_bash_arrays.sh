#!/bin/bash
# Indexed arrays.
fruits=(apple banana "cherry pie")
echo "count=${#fruits[@]}"
echo "first=${fruits[0]} last=${fruits[-1]}"
for f in "${fruits[@]}"; do echo "item: $f"; done
fruits+=(date)
fruits[6]=fig
echo "after append count=${#fruits[@]}"
echo "indices: ${!fruits[*]}"
echo "slice: ${fruits[*]:1:2}"
echo "len of item 2: ${#fruits[2]}"
unset 'fruits[1]'
echo "after unset: ${fruits[*]} (count ${#fruits[@]})"
args=("$@")
echo "args count=${#args[@]}"
for i in "${!args[@]}"; do printf '%d=[%s]\n' "$i" "${args[$i]}"; done
mapfile -t lines < data/numbers.txt
echo "mapfile read ${#lines[@]} lines, third=${lines[2]}"
read -r -a words <<< "split these words"
echo "words=${#words[@]} second=${words[1]}"
sorted=($(printf '%s\n' 5 3 9 1 | sort -n))
echo "sorted: ${sorted[*]}"
joined=$(IFS=,; echo "${sorted[*]}")
echo "joined: $joined"
empty=()
echo "empty count=${#empty[@]}"
