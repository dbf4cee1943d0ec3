#!/bin/sh
mkdir -p tree/a/b tree/c
for f in tree/a/one.txt tree/a/b/two.txt tree/c/three.log tree/top.txt; do echo "$f" > "$f"; done
find tree -name '*.txt' | sort
find tree -type d | sort | wc -l
find tree -name '*.log' -exec cat {} \;
find tree -type f | sort | xargs wc -l | tail -1
find tree -type f -name '*.txt' | sort | xargs -I{} basename {} .txt
ls tree | sort
