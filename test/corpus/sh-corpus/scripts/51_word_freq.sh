#!/bin/sh
# Word frequency pipeline: tr -cs, sort, uniq -c, sort -rn, head.
tr -cs 'A-Za-z' '\n' < data/words.txt | tr 'A-Z' 'a-z' | grep -v '^$' | sort | uniq -c | sort -k1,1nr -k2 | head -n 5
echo "distinct words: $(tr -cs 'A-Za-z' '\n' < data/words.txt | tr 'A-Z' 'a-z' | sort -u | grep -c .)"
echo "longest word: $(tr -cs 'A-Za-z' '\n' < data/words.txt | awk '{ print length($0), $0 }' | sort -k1,1nr -k2 | head -n 1 | cut -d' ' -f2)"
echo "chars without spaces: $(tr -d ' \n' < data/words.txt | wc -c)"
echo "lines with 'the': $(grep -ic 'the' data/words.txt)"
echo "capitalised lines:"
grep '^[A-Z]' data/words.txt | cut -c1-12
