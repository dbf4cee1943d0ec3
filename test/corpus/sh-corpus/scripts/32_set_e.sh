#!/bin/sh
# set -e: a failing command stops the script with its exit code.
set -e
echo "start"
false || echo "|| protects"
if false; then echo never; fi
echo "if-condition does not trigger set -e"
! true
echo "negated command does not trigger"
x=$(echo inner)
echo "x=$x"
fail_with() { return "$1"; }
fail_with 0
echo "before failure"
fail_with 3
echo "must not print"
