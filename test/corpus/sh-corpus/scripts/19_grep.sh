#!/bin/sh
# grep: -c -v -i -E -o -n -w -q
echo "--- ERROR lines"
grep ERROR data/app.log
echo "--- count ERROR: $(grep -c ERROR data/app.log)"
echo "--- count error -i: $(grep -ci error data/app.log)"
echo "--- -v INFO count: $(grep -vc INFO data/app.log)"
echo "--- -E WARN|ERROR"
grep -E 'WARN|ERROR' data/app.log | cut -d' ' -f3-
echo "--- -o key=value"
grep -oE '[a-z]+=[^ ]+' data/app.log
echo "--- -n fox"
grep -n fox data/words.txt
echo "--- -w the (case-insensitive)"
grep -iw the data/words.txt
if grep -q 'disk full' data/app.log; then echo "found disk full"; fi
grep -q nosuchthing data/app.log
echo "missing status=$?"
grep nosuchthing nosuchfile 2>/dev/null
echo "bad file status=$?"
echo "--- multi-file count"
grep -c the data/words.txt data/app.log
echo "--- -l"
grep -l fox data/*.txt
