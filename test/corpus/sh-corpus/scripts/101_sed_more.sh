#!/bin/sh
printf 'alpha=1\nbeta=2\n# comment\ngamma=3\n' > conf.txt
sed -n '2p' conf.txt
sed -E 's/^([a-z]+)=([0-9]+)$/\2:\1/' conf.txt
sed '/^#/d' conf.txt | wc -l
sed -i 's/beta/BETA/' conf.txt && grep BETA conf.txt
sed -n '/alpha/,/gamma/p' conf.txt | wc -l
echo "path/to/file" | sed 's|/|\\|g'
sed '1i\
header' conf.txt | head -2
