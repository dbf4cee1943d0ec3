#!/bin/sh
# Writing into a folder that does not exist fails; nothing is created.
echo "x" > missing/dir/file.txt 2>/dev/null || echo "write failed"
[ -d missing ] && echo "created" || echo "not created"
echo "y" >> also/missing.txt 2>/dev/null || echo "append failed"
mkdir -p present && echo "z" > present/file.txt && cat present/file.txt
