#!/bin/sh
# sort -n -r -k -t -u, uniq -c
echo "--- default"; sort data/numbers.txt | tr '\n' ' '; echo
echo "--- -n"; sort -n data/numbers.txt | tr '\n' ' '; echo
echo "--- -nr"; sort -nr data/numbers.txt | tr '\n' ' '; echo
echo "--- -u -n"; sort -un data/numbers.txt | tr '\n' ' '; echo
echo "--- by age then name"
tail -n +2 data/people.csv | sort -t, -k2,2n -k1,1
echo "--- by score desc"
tail -n +2 data/people.csv | sort -t, -k4 -nr | cut -d, -f1,4
echo "--- cities uniq -c"
tail -n +2 data/people.csv | cut -d, -f3 | sort | uniq -c
echo "--- top cities"
tail -n +2 data/people.csv | cut -d, -f3 | sort | uniq -c | sort -rn | head -n 1
echo "--- uniq only"
printf 'b\na\na\nb\nb\nc\n' | uniq
printf 'b\na\na\nb\nb\nc\n' | sort | uniq -d
printf 'b\na\na\nb\nb\nc\n' | sort | uniq -u
echo "--- log levels"
awk '{print $3}' data/app.log | sort | uniq -c | sort -k1,1nr -k2
