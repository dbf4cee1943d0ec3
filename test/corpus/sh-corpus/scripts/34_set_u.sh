#!/bin/sh
# set -u: unset variables are fatal (dash exit 2, bash exit 1).
set -u
defined="yes"
echo "defined=$defined"
echo "default=${undefined_var:-fallback}"
echo "args=$#"
echo "first=${1:-none}"
empty=""
echo "empty=[$empty]"
echo "about to use unset var"
echo "value=$really_undefined"
echo "must not print"
