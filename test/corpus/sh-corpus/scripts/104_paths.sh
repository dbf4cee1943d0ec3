#!/bin/sh
for p in /a/b/c.txt c.txt /a/b/ dir/sub/file.tar.gz /; do
  echo "$p -> $(basename "$p") | $(dirname "$p")"
done
basename /x/y/report.csv .csv
mkdir -p one/two && cd one/two && pwd | sed 's|.*/one|one|' && cd ../..
realpath -m one/two/../x 2>/dev/null | sed 's|.*/one|one|'
