#!/bin/sh
# ls of a created directory, cp, mv, rm.
rm -rf out/fs
mkdir -p out/fs/src
for n in c a b; do echo "file $n" > "out/fs/src/$n.txt"; done
echo "--- ls src"
ls out/fs/src
cp out/fs/src/a.txt out/fs/src/a-copy.txt
cp -r out/fs/src out/fs/backup
mv out/fs/src/b.txt out/fs/src/renamed.txt
echo "--- after cp/mv"
ls out/fs/src
echo "--- backup"
ls out/fs/backup
cat out/fs/src/a-copy.txt
rm out/fs/src/c.txt
rm -f out/fs/src/does-not-exist.txt
echo "--- after rm"
ls out/fs/src
mkdir out/fs/dest
mv out/fs/src/renamed.txt out/fs/dest/
ls out/fs/dest
rm -r out/fs/backup
[ -d out/fs/backup ] || echo "backup removed"
echo "--- ls fs"
ls out/fs
ls out/fs/empty-missing 2>/dev/null || echo "ls missing status nonzero"
