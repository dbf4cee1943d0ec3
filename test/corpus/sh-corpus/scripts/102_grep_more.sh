#!/bin/sh
printf 'error: disk full\nwarning: low memory\nerror: timeout\ninfo: ok\nErrors: 2\n' > log.txt
grep -c '^error' log.txt
grep -o 'error: [a-z]*' log.txt
grep -i -w 'errors' log.txt
grep -E 'warn|info' log.txt | wc -l
grep -n timeout log.txt
grep -q missing log.txt; echo "absent $?"
grep -l error log.txt
grep -A1 warning log.txt
