#!/bin/bash
echo "both" | tee out.txt
cat out.txt
{ echo "to stdout"; echo "to stderr" >&2; } 2>/dev/null
exec 3> fd3.txt
echo "via fd 3" >&3
exec 3>&-
cat fd3.txt
echo "appended" >> out.txt; wc -l < out.txt
