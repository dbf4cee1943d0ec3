#!/bin/bash
declare -A count
for w in apple pear apple fig apple pear; do count[$w]=$(( ${count[$w]:-0} + 1 )); done
for k in $(printf '%s\n' "${!count[@]}" | sort); do echo "$k ${count[$k]}"; done
declare -A color=([sky]=blue [grass]=green)
echo "${color[sky]} ${#color[@]}"
[[ -v color[grass] ]] && echo "grass set"
unset 'color[sky]'
echo "${#color[@]}"
