#!/bin/sh
# "$@" vs "$*" vs unquoted, $# and $0.
echo "script=$(basename "$0")"
echo "count=$#"
printf '@:[%s]\n' "$@"
printf '*:[%s]\n' "$*"
IFS=,
printf 'ifs*:[%s]\n' "$*"
IFS=' 	
'
for a in "$@"; do printf 'arg=<%s>\n' "$a"; done
set -- "$@" extra
echo "after set count=$#"
set --
echo "cleared count=$#"
