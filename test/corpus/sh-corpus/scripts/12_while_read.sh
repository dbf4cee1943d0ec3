#!/bin/sh
# while read line < file, line numbers, blank line handling.
n=0
while read -r line; do
  n=$((n + 1))
  if [ -z "$line" ]; then echo "$n: <blank>"; continue; fi
  echo "$n: $line"
done < data/words.txt
echo "lines=$n"
total=0
while read -r num; do total=$((total + num)); done < data/numbers.txt
echo "total=$total"
printf 'x\ny' | while read -r l; do echo "got [$l]"; done
printf '  leading and trailing  \n' | while read -r l; do echo "trimmed [$l]"; done
printf '  keep spaces  \n' | while IFS= read -r l; do echo "raw [$l]"; done
printf 'a\\tb\n' | while read l; do echo "no -r [$l]"; done
printf 'a\\tb\n' | while read -r l; do printf 'with -r [%s]\n' "$l"; done
