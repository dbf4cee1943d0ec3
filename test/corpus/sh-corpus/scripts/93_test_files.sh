#!/bin/sh
mkdir -p dir; : > empty.txt; echo data > full.txt
for p in dir empty.txt full.txt nothing; do
  printf '%s:' "$p"
  [ -e "$p" ] && printf ' e'
  [ -f "$p" ] && printf ' f'
  [ -d "$p" ] && printf ' d'
  [ -f "$p" ] && [ -s "$p" ] && printf ' s'
  [ -r "$p" ] && printf ' r'
  echo
done
