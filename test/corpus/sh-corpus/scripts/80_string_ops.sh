#!/bin/bash
s="Hello, World"
echo "${s^^} ${s,,} ${#s}"
echo "${s/World/There} ${s//l/L}"
echo "${s:7} ${s:0:5} ${s: -5}"
f="archive.tar.gz"
echo "${f%.*} ${f%%.*} ${f#*.} ${f##*.}"
p="/a/b/c.txt"; echo "${p##*/} ${p%/*}"
echo "${s:-x} ${unset_var:-fallback} ${unset_var:=assigned} $unset_var"
