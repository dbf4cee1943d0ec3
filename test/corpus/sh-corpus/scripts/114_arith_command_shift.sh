#!/bin/bash
# A shift inside an arithmetic command.
x=1
(( x <<= 35 ))
echo "$x"
(( y = 1 << 3 ))
echo "$y"
