#!/bin/bash
# Integers are 64-bit.
echo $(( 1 << 31 ))
echo $(( 1 << 40 ))
echo $(( 2 ** 40 ))
echo $(( 0xFFFFFFFF + 1 ))
echo $(( (1 << 33) | 1 ))
echo $(( 0x1F0000000 & 0xF0000000 ))
echo $(( 5000000000 ^ 1 ))
echo $(( -8 >> 1 ))
x=1; x=$(( x << 35 )); echo $x
printf '%d\n' 4294967296
