#!/bin/sh
# ${x%suffix} ${x%%suffix} ${x#prefix} ${x##prefix}
path=some/dir/archive.tar.gz
echo "%   ${path%.*}"
echo "%%  ${path%%.*}"
echo "#   ${path#*/}"
echo "##  ${path##*/}"
echo "dir ${path%/*}"
file=${path##*/}
echo "base-noext ${file%%.*} ext ${file#*.}"
v=--name=value
echo "key ${v%%=*} val ${v#*=} flag ${v#--}"
s=aaabbbaaa
echo "${s#a} ${s##a*b} ${s%a} ${s%%b*}"
nomatch=plain
echo "${nomatch%.txt}|${nomatch#x}"
for f in report.csv notes.txt image.jpeg; do
  echo "$f -> ${f%.*}.bak"
done
