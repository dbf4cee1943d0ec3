#!/bin/sh
# while read over a file, with IFS, -r, and a last line without a newline.
printf 'alpha 1\nbeta 2\ngamma 3' > data.txt
while read -r name num; do echo "$num:$name"; done < data.txt
printf 'a:b:c\n' | { IFS=: read -r x y z; echo "$z $y $x"; }
printf 'back\\slash\n' | { read -r line; echo "$line"; }
printf 'back\\slash\n' | { read line; echo "$line"; }
n=0; while IFS= read -r line; do n=$((n+1)); done < data.txt; echo "lines $n"
