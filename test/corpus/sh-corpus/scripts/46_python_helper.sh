#!/bin/sh
# Calls a python helper; shell reads back the file it wrote.
rm -f out/from_python.txt
python3 scripts/helper.py "$@"
echo "python status=$?"
[ -f out/from_python.txt ] && cat out/from_python.txt
