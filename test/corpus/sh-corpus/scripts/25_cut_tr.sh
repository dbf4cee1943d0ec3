#!/bin/sh
# cut -d -f -c, tr upper/lower, -d, -s, classes.
cut -d, -f1 data/people.csv | head -n 3
cut -d, -f1,3 data/people.csv | tail -n 2
cut -d, -f2- data/people.csv | head -n 2
cut -c1-4 data/words.txt | head -n 2
cut -d' ' -f2 data/app.log | head -n 2
echo "a:b:c" | cut -d: -f2
echo "nodelim" | cut -d: -f2
echo "nodelim" | cut -d: -s -f2
echo "--- tr"
echo "Hello World" | tr a-z A-Z
echo "Hello World" | tr '[:upper:]' '[:lower:]'
echo "h-e-l-l-o" | tr -d -
echo "too    many     spaces" | tr -s ' '
echo "aabbccdd" | tr -s 'a-c'
echo "path/to/thing" | tr / '\n'
echo "abc123def" | tr -d '0-9'
echo "abc123def" | tr -cd '0-9'; echo
echo "tabs	and spaces" | tr '\t ' '__'
echo "rot" | tr 'a-y' 'b-z'
