#!/bin/sh
printf 'b 2\na 1\nc 3\na 1\n' > t.txt
sort t.txt | uniq -c | sort -rn | head -2
cut -d' ' -f2 t.txt | paste -sd+ - | bc 2>/dev/null || awk '{s+=$2} END {print s}' t.txt
tr 'a-c' 'A-C' < t.txt | tr -d '\n'; echo
tr -s ' ' < t.txt | head -1
head -c 5 t.txt; echo
tail -n 2 t.txt
grep -c a t.txt; grep -v a t.txt | wc -l
seq 3 | tr '\n' ','; echo
