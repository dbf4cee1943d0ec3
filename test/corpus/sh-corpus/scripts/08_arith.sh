#!/bin/sh
# Arithmetic expansion.
a=17 b=5
echo "sum=$((a + b)) diff=$((a - b)) prod=$((a * b))"
echo "div=$((a / b)) mod=$((a % b)) neg=$((-a / b))"
echo "prec=$((2 + 3 * 4)) paren=$(((2 + 3) * 4))"
echo "cmp=$((a > b)) eq=$((a == b)) and=$((a > 1 && b > 1))"
echo "bits=$((a & b)) or=$((a | b)) xor=$((a ^ b)) shl=$((1 << 10))"
echo "hex=$((0x1F)) oct=$((010))"
echo "ternary=$((a > b ? a : b))"
i=0
i=$((i + 1)); i=$((i + 1))
echo "i=$i"
: $((i += 5))
echo "i+=5 -> $i"
n=${1:-10}
total=0; k=1
while [ $k -le "$n" ]; do total=$((total + k)); k=$((k + 1)); done
echo "sum1..$n=$total"
echo "big=$((1000000 * 1000000))"
