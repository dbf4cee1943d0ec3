#!/bin/bash
# set -u: defaults are fine, an unset variable stops the script with status 1.
set -u
echo "${MAYBE:-default}"
echo "${MAYBE-}"
arr=(a b)
echo "${arr[1]}"
echo "before"
echo "$NOT_SET"
echo "not reached"
