#!/bin/sh
# Bytes that are not UTF-8 reach a started program unchanged, as an argument and as a variable.
bad=$(printf 'caf\351')
sh -c '[ "$1" = "$(printf "caf\351")" ] && echo "argument kept"' x "$bad"
X=$bad sh -c '[ "$X" = "$(printf "caf\351")" ] && echo "variable kept"'
sh -c 'echo "$#"' x "$bad" ''
