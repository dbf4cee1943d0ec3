#!/bin/sh
# ${x:-d} ${x:=d} ${x:+alt} ${x-d} ${#x}
unset u
empty=
set_v=hello
echo "u:-      [${u:-default}]"
echo "empty:-  [${empty:-default}]"
echo "empty-   [${empty-default}]"
echo "set:-    [${set_v:-default}]"
echo "u:+      [${u:+alt}]"
echo "set:+    [${set_v:+alt}]"
echo "empty:+  [${empty:+alt}]"
echo "assign   [${u:=assigned}] u=[$u]"
: "${empty:=filled}"
echo "empty now [$empty]"
echo "len set_v=${#set_v} len empty2=${#nothing}"
name=${1:-anonymous}
echo "name=$name len=${#name}"
dir=${OUT_DIR_UNSET:-out/default}
echo "dir=$dir"
