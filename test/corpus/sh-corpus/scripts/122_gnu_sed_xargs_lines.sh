#!/bin/sh
# sed's numbered occurrence with g and with p, expr's group capture, and xargs -I taking whole
# lines (leading blanks dropped, empty lines skipped), as GNU sed, expr and xargs do them.
echo "aaa bbb aaa" | sed 's/a/X/3g'
echo "one two" | sed -n 's/o/0/3p'; echo "no third o: $?"
echo "match=$(expr match "v1.2.3" 'v\([0-9]*\)')"
printf '  first item\n\nsecond\n' | xargs -I{} echo "<{}>"
