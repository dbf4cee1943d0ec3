#!/bin/sh
# Plain variable assignment and expansion.
greeting=hello
name="corpus world"
empty=
echo "$greeting, $name"
echo "${greeting}_suffix"
echo "[$empty]"
combined="$greeting-$name"
echo "$combined"
n=5; m=$n; echo "m=$m"
unset m
echo "m after unset=[${m}]"
a=one b=two c=three
echo "$a $b $c"
echo "script: $(basename "$0")"
readonly fixed=42
echo "fixed=$fixed"
