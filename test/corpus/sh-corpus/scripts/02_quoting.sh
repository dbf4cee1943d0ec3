#!/bin/sh
# Single quotes, double quotes and backslash escapes.
x=value
printf '%s\n' 'single: $x "inner" \n'
echo "double: $x 'inner' \$x"
printf '%s\n' "backslash-quote: \" and \\ and \`"
echo unquoted\ space\ escaped
echo "tab-in-printf:"; printf 'a\tb\n'
printf '%s\n' 'it'"'"'s mixed'
printf '%s\n' "nested \"quotes\" here"
spaced="a   b    c"
echo $spaced
echo "$spaced"
printf '<%s>\n' $spaced
printf '<%s>\n' "$spaced"
echo "dollar at end \$"
echo ''
echo "done"
