#!/bin/bash
# ${var//pat/rep}, ${var/pat/rep}, case conversion, substrings.
s="the cat sat on the mat"
echo "${s/at/og}"
echo "${s//at/og}"
echo "${s/#the/THE}"
echo "${s/%mat/rug}"
echo "${s// /_}"
echo "${s//[aeiou]/}"
echo "${s^^}"
echo "${s^}"
u="MiXeD Case"
echo "${u,,}"
echo "${u,}"
echo "sub: ${s:4:3} tail: ${s:15} neg: ${s: -3}"
file="report.final.csv"
echo "${file%.csv}.json"
path="a/b/c"
echo "${path//\//\\}"
name="world"
msg="hello $name"
echo "${#msg}"
var=PATHLIKE
ref=var
echo "indirect: ${!ref}"
printf -v padded '%05d' 42
echo "padded=$padded"
echo "$1" | { read -r first; echo "arg upper: ${first^^}"; }
