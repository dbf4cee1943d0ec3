#!/bin/bash
# C-style for loops, (( )), $'...' ANSI-C quoting.
for ((i = 0; i < 5; i++)); do printf '%d ' "$i"; done; echo
for ((i = 10, j = 0; i > j; i -= 3, j++)); do echo "i=$i j=$j"; done
sum=0
for ((k = 1; k <= 100; k++)); do ((sum += k)); done
echo "sum=$sum"
n=3
(( n *= 4 ))
echo "n=$n"
(( n > 10 )) && echo "n big"
(( 0 )); echo "(( 0 )) status=$?"
tab=$'\t'
line="a${tab}b${tab}c"
echo "$line" | cut -f2
printf '%s\n' $'line1\nline2'
echo $'single \'quote\' inside'
echo $'bell-free escapes: \x41\x42 \101'
IFS=$'\t' read -r x y z <<< "$line"
echo "x=$x y=$y z=$z"
echo "len=${#tab}"
for ((;;)); do ((n++)); ((n >= 15)) && break; done
echo "n=$n"
