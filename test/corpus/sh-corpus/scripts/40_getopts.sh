#!/bin/sh
# getopts-based parsing.
verbose=0 output=- level=1
while getopts "vo:l:" opt; do
  case "$opt" in
    v) verbose=$((verbose + 1)) ;;
    o) output=$OPTARG ;;
    l) level=$OPTARG ;;
    *) echo "bad option"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
echo "verbose=$verbose output=$output level=$level"
echo "remaining=$#"
for a in "$@"; do printf 'operand: %s\n' "$a"; done
