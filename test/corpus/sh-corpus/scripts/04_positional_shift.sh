#!/bin/sh
# $1..$9 and shift.
echo "1=[$1] 2=[$2] 3=[$3]"
echo "9=[$9]"
echo "count=$#"
shift
echo "after shift: 1=[$1] count=$#"
if [ $# -ge 2 ]; then shift 2; echo "after shift 2: 1=[$1] count=$#"; fi
while [ $# -gt 0 ]; do
  printf 'rest:%s\n' "$1"
  shift
done
echo "final count=$#"
