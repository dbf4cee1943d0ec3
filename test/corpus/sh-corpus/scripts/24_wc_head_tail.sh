#!/bin/sh
# wc -l -w -c (stdin vs file forms), head/tail -n
echo "lines via <: $(wc -l < data/words.txt)"
echo "words via <: $(wc -w < data/words.txt)"
echo "bytes via <: $(wc -c < data/words.txt)"
wc -l data/words.txt
wc -l < data/people.csv
printf 'no newline' | wc -l
printf 'one two\nthree\n' | wc -w
printf '' | wc -c
n=$(wc -l < data/app.log)
[ "$n" -eq 10 ] && echo "numeric compare ok"
head -n 2 data/app.log
tail -n 2 data/app.log
head -n 1 data/people.csv | tr ',' '\n'
tail -n +6 data/numbers.txt
head -3 data/numbers.txt
head -c 9 data/words.txt; echo
tail -n 1 data/words.txt
seq 1 5 | head -n -2
