#!/bin/bash
v="${1:-file.txt}"
[[ $v == *.txt ]] && echo "text file"
[[ $v =~ ^([a-z]+)\.([a-z]+)$ ]] && echo "name=${BASH_REMATCH[1]} ext=${BASH_REMATCH[2]}"
[[ -n $v && ! -z $v ]] && echo "non-empty"
[[ a < b ]] && echo "a before b"
[ "$v" != "x" ] && [ 3 -gt 2 ] && echo "test chain"
if [[ $v == "file.txt" || $v == *.md ]]; then echo "known"; else echo "unknown"; fi
