#!/bin/sh
# for with no list walks the arguments one by one, spaces and all.
for arg; do printf '<%s>\n' "$arg"; done
count=0
for arg do count=$((count+1)); done
echo "count $count"
f() { for a; do echo "f:$a"; done; }
f "p q" r
