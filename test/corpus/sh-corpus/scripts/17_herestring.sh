#!/bin/bash
# Here-strings (bash).
word="hello world"
tr a-z A-Z <<< "$word"
wc -w <<< "one two three four"
read -r a b <<< "left right extra"
echo "a=$a b=$b"
IFS=, read -r x y z <<< "1,2,3"
echo "sum=$((x + y + z))"
grep -c o <<< $'foo\nbar\nboo'
cat <<< "literal \$word and $word"
while read -r line; do echo "line: $line"; done <<< "l1
l2"
jq -r .name <<< '{"name":"from-herestring"}'
