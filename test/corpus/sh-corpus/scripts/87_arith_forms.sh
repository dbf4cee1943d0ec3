#!/bin/bash
i=5
echo $(( i++ )) $i $(( ++i )) $(( i-- )) $i
echo $(( i > 3 ? 1 : 0 )) $(( 16#ff )) $(( 8#17 )) $(( 2#1010 ))
echo $(( -7 % 3 )) $(( 7 / -2 )) $(( (3 + 4) * 2 ))
(( i += 10 )); echo $i
let "j = i * 2" "k = j - 1"; echo $j $k
(( 0 )); echo "zero status $?"
echo $(( a = 3, a + 1 ))
