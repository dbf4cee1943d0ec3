#!/bin/bash
# local -i and declare -i add instead of appending.
sum() { local -i total=0; for n in "$@"; do total+=n; done; echo "sum=$total"; }
sum 1 2 3 4
declare -i x=5
x+=10
x="x * 2"
echo "x=$x"
f() { local -i a=3 b; b=a+4; echo "b=$b"; }
f
declare -i y="2#101"
echo "y=$y"
