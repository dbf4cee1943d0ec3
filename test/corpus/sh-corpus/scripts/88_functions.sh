#!/bin/sh
counter=0
inc() { counter=$((counter + 1)); return $1; }
inc 0; echo "status $? counter $counter"
inc 3; echo "status $? counter $counter"
outer() { inner() { echo "inner defined"; }; inner; }
outer; inner
fact() { if [ "$1" -le 1 ]; then echo 1; else echo $(( $1 * $(fact $(( $1 - 1 ))) )); fi; }
echo "fact 6 = $(fact 6)"
show_args() { echo "$# args: $*"; }
show_args "$@"
