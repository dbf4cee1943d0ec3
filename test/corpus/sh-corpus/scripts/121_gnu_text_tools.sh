#!/bin/sh
# The GNU forms of head, wc, xargs and expr that scripts written on Linux use.
printf 'abcdef' | head -c -2; echo
printf 'a\nb\nc' | head -n -1
mkdir -p counted && printf 'x\ny\n' > counted/a.txt && printf 'z\n' > counted/b.txt
wc -l counted/a.txt counted/b.txt
wc counted/a.txt
printf 'one two\nthree\n' | wc -l -w
echo "length=$(expr length "hello world")"
echo "substr=$(expr substr "skillbox" 6 3)"
echo "index=$(expr index "skillbox" "bx")"
printf 'a.txt\nb.txt\n' | xargs -I % sh -c 'echo "% -> counted/%"'
