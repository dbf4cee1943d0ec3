#!/bin/sh
# gzip and gunzip round trips, to files and through pipes.
printf 'line one\nline two\n' > notes.txt
gzip -c notes.txt > notes.txt.gz
[ -s notes.txt.gz ] && echo "compressed"
gunzip -c notes.txt.gz
printf 'piped data\n' | gzip | gunzip
gzip notes.txt
[ -f notes.txt ] || echo "original replaced"
ls notes.txt.gz
gunzip notes.txt.gz
cat notes.txt
zcat < /dev/null 2>/dev/null; printf 'z\n' | gzip > z.gz; zcat z.gz
