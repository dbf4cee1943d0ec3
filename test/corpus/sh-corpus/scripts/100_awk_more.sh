#!/bin/sh
printf 'name,score\nann,90\nbob,75\ncid,82\n' > s.csv
awk -F, 'NR>1 {sum+=$2; n++} END {printf "avg %.1f of %d\n", sum/n, n}' s.csv
awk -F, 'NR>1 && $2 > 80 {print toupper($1)}' s.csv
awk 'BEGIN {OFS="-"} {$1=$1; print NF}' s.csv | head -1
awk -F, 'function grade(s) { return s >= 85 ? "A" : "B" } NR>1 {print $1, grade($2)}' s.csv
awk -F, -v min=80 '$2+0 >= min {c++} END {print c " above " min}' s.csv
awk '{ lines[NR] = $0 } END { for (i = NR; i > 0; i--) print lines[i] }' s.csv | head -2
