#!/bin/sh
mkdir -p src dst
echo one > src/one.txt; echo two > src/two.txt
cp src/one.txt dst/
cp -r src dst/copy
mv dst/one.txt dst/uno.txt
ls dst | sort
ls dst/copy | sort
ln -s ../src/two.txt dst/two-link
cat dst/two-link
rm -r dst/copy && ls dst | sort | tr '\n' ' '; echo
