#!/bin/sh
# A subshell's EXIT trap runs when the subshell ends and does not replace the parent's.
trap 'echo "parent exit"' EXIT
( trap 'echo "child exit"' EXIT; echo "in child" )
echo "back in parent"
( trap 'echo "child exit with $?"' EXIT; exit 4 )
echo "subshell status $?"
