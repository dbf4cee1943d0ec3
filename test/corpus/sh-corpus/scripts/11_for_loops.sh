#!/bin/sh
# for over words, args, and sorted globs of data files.
for w in alpha beta gamma; do echo "word: $w"; done
list="red green  blue"
for c in $list; do echo "color: $c"; done
for a in "$@"; do printf 'arg: %s\n' "$a"; done
for a; do printf 'implicit: %s\n' "$a"; done
for f in data/*; do echo "file: $f"; done
for f in data/*.csv data/*.json; do echo "typed: ${f##*/}"; done
for f in data/*.nomatch; do echo "no match literal: $f"; done
n=0
for f in data/*.txt; do n=$((n + 1)); done
echo "txt files: $n"
for i in 1 2 3; do
  for j in a b; do printf '%s%s ' "$i" "$j"; done
done
echo
