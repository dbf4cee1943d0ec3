#!/bin/sh
# ln -s to a file and to a folder, read through the link, and a link loop that must not hang.
mkdir -p out/real
echo "content" > out/real/file.txt
ln -s real/file.txt out/link.txt
cat out/link.txt
ln -s real out/dirlink
ls out/dirlink
ln -s .. out/real/up
[ -L out/link.txt ] && echo "is a link"
[ -h out/dirlink ] && echo "dir link"
ln -sf file.txt out/real/again && cat out/real/again
rm out/link.txt && [ ! -e out/link.txt ] && echo "link removed"
cat out/real/file.txt
