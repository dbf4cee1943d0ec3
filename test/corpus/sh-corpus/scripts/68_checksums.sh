#!/bin/sh
# sha256sum / sha1sum / md5sum on files and on stdin, and a check file.
printf 'hello\n' > a.txt
printf 'world\n' > b.txt
sha256sum a.txt b.txt
sha1sum a.txt
md5sum b.txt
printf 'abc' | sha256sum
sha256sum a.txt > sums.txt
sha256sum -c sums.txt
sha512sum a.txt | cut -c1-32
