#!/bin/sh
# Command substitution: $(...), nested, backticks, trailing newline stripping.
today_dir=$(basename "$PWD")
echo "folder=$today_dir"
lines=$(wc -l < data/people.csv)
echo "people lines=$lines"
nested=$(echo "outer $(echo "inner $(echo deepest)")")
echo "$nested"
old=`echo backtick`
echo "old=$old"
both=`echo "mix $(echo inside)"`
echo "$both"
trail=$(printf 'a\n\n\n')
echo "[$trail]"
multi=$(printf 'l1\nl2\n')
echo "$multi"
echo $multi
first=$(head -n 1 data/numbers.txt)
echo "first+1=$((first + 1))"
status=$(false; echo "inner status=$?")
echo "$status"
upper=$(echo "$(basename "$0")" | tr a-z A-Z)
echo "$upper"
count=$(ls data | wc -l)
echo "data entries=$count"
