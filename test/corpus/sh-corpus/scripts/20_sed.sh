#!/bin/sh
# sed: s///g, -n p, multiple -e, addresses, delete, -E groups.
sed 's/the/THE/' data/words.txt | head -n 2
sed 's/the/THE/g' data/words.txt | head -n 1
sed -n '2p' data/people.csv
sed -n '2,4p' data/people.csv
sed -n '/paris/p' data/people.csv
sed -e 's/a/A/g' -e 's/,/ | /g' data/people.csv | head -n 3
sed '/^$/d' data/words.txt | wc -l
sed '1d' data/people.csv | sed -n '$p'
sed -E 's/^([a-z]+),([0-9]+),.*/\2 \1/' data/people.csv | tail -n +2
echo "path/to/file" | sed 's|/|::|g'
echo "hello world" | sed 's/o/0/2'
echo "abc" | sed 's/b/[&]/'
printf 'x=1\ny=2\n' | sed -n 's/^y=//p'
sed -n '$=' data/app.log
echo "  padded  " | sed -e 's/^ *//' -e 's/ *$//' -e 's/.*/[&]/'
sed 'y/abc/xyz/' <<EOF2
aabbcc
EOF2
