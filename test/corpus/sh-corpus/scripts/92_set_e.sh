#!/bin/sh
set -e
check() { [ "$1" = ok ]; }
check ok && echo "ok passes"
if check bad; then echo "no"; else echo "bad handled in if"; fi
check bad || echo "bad handled by ||"
! check bad && echo "negated"
x=$(false || echo recovered); echo "$x"
echo "before failure"
check "${1:-bad}"
echo "after failure"
