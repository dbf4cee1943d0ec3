#!/bin/sh
# awk: fields, -F, NR/NF, printf, BEGIN/END, sums.
awk '{print $1}' data/words.txt | head -n 3
awk '{print NF}' data/words.txt
awk -F, 'NR > 1 {print $1, $3}' data/people.csv
awk -F, 'NR > 1 {sum += $4; n++} END {printf "avg score %.2f over %d\n", sum / n, n}' data/people.csv
awk -F, 'NR > 1 && $2 > 30 {printf "%-6s|%4d|\n", $1, $2}' data/people.csv
awk 'BEGIN {print "start"} /ERROR/ {e++} END {print "errors:", e + 0; print "end"}' data/app.log
awk '{print $NF}' data/app.log | tail -n 3
awk -v prefix=">>" '{print prefix, NR": "$0}' data/numbers.txt | head -n 2
awk 'BEGIN {x = 7; y = 2; print x / y, int(x / y), x % y, x ^ 2}'
awk 'BEGIN {s = "Hello World"; print length(s), toupper(s), tolower(s), substr(s, 1, 5), index(s, "World")}'
awk 'BEGIN {n = split("a:b:c", parts, ":"); print n, parts[1], parts[3]}'
echo "a b c" | awk '{ $2 = "X"; print; print NF }'
awk -F, 'NR > 1 { if ($4 >= 80) print $1, "pass"; else print $1, "fail" }' data/people.csv
awk 'length($0) > 20' data/words.txt
echo "one,two;three" | awk -F'[,;]' '{print $3 "-" $1}'
awk 'BEGIN { printf "%5.1f|%-3s|%03d|%x|%c\n", 3.14159, "ab", 7, 255, 65 }'
