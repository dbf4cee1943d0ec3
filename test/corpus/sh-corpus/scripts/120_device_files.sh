#!/bin/sh
# Device files are character devices, and noclobber still lets a script write to /dev/null.
[ -c /dev/null ] && echo "null is a character device"
[ -c /dev/zero ] && echo "zero is a character device"
set -C
echo dropped > /dev/null && echo "noclobber writes to /dev/null"
echo kept > out.txt
(echo again > out.txt) 2>/dev/null || echo "noclobber keeps out.txt"
set +C
cat out.txt
rm out.txt
