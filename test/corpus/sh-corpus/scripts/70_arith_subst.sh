#!/bin/bash
# Command substitution inside arithmetic sees the script's functions and variables.
double() { echo $(( $1 * 2 )); }
count=4
echo $(( $(double 5) + 1 ))
echo $(( $(double $count) * $(double 1) ))
total=0
for n in 1 2 3; do total=$(( total + $(double "$n") )); done
echo "total $total"
lines=$(( $(printf 'a\nb\nc\n' | wc -l) + 0 ))
echo "lines $lines"
