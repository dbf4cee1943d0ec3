#!/bin/bash
a=(one two three four)
echo "${#a[@]} ${a[1]} ${a[-1]}"
echo "${a[@]:1:2}"
a+=(five)
echo "${!a[@]}"
unset 'a[1]'
echo "${a[@]} (${#a[@]})"
for i in "${!a[@]}"; do printf '%s=%s ' "$i" "${a[$i]}"; done; echo
b=("x y" z)
printf '<%s>' "${b[@]}"; echo
printf '<%s>' "${b[*]}"; echo
mapfile -t lines < <(printf 'l1\nl2\n')
echo "${lines[1]} ${#lines[@]}"
