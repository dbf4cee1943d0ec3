#!/bin/sh
a=$(echo "inner $(echo nested)")
echo "$a"
b=`echo backtick`
echo "$b"
c=$(printf 'trailing\n\n\n')
echo "[$c]"
d=$(printf '\n\nleading')
echo "[$d]"
n=$(echo one; echo two)
echo "$n" | wc -l
