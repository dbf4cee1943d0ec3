#!/bin/sh
# > and >>, mkdir -p, read back with cat, test -f/-d/-e/-s
rm -rf out/writes
mkdir -p out/writes/nested/deeper
mkdir -p out/writes/nested
echo "first" > out/writes/log.txt
echo "second" >> out/writes/log.txt
printf 'third\n' >> out/writes/log.txt
cat out/writes/log.txt
echo "overwrite" > out/writes/log.txt
cat out/writes/log.txt
: > out/writes/empty.txt
[ -f out/writes/log.txt ] && echo "log is file"
[ -d out/writes/nested/deeper ] && echo "deeper is dir"
[ -e out/writes/empty.txt ] && echo "empty exists"
[ -s out/writes/empty.txt ] || echo "empty has size 0"
[ -s out/writes/log.txt ] && echo "log has content"
[ -f out/writes/nested ] || echo "nested is not a regular file"
[ -e out/writes/missing ] || echo "missing does not exist"
{ echo "grouped 1"; echo "grouped 2"; } > out/writes/group.txt
wc -l < out/writes/group.txt
tail -n +2 data/people.csv | cut -d, -f1 > out/writes/names.txt
head -n 2 out/writes/names.txt
echo "err line" 2> out/writes/err.txt >&2
echo "stderr captured: $(cat out/writes/err.txt)"
ls nosuchdir > out/writes/both.txt 2>&1 || echo "ls failed, output redirected"
[ -s out/writes/both.txt ] && echo "both.txt non-empty"
cat out/writes/log.txt out/writes/group.txt > out/writes/cat.txt
cat out/writes/cat.txt
