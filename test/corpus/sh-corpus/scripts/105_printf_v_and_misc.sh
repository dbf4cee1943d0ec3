#!/bin/bash
printf -v padded '%05d' 42; echo "$padded"
printf -v joined '%s,' a b c; echo "${joined%,}"
printf '%q\n' "it's a test" 2>/dev/null
x=$'tab\there'; echo "$x"
echo $'line1\nline2'
printf '%s\n' "${PWD##*/}"
