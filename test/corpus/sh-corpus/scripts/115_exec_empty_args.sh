#!/bin/sh
# A started program gets every argument as given: empty ones (the last one too) and newlines.
sh -c 'echo "$#"; for a; do printf "[%s]" "$a"; done; echo' x a ''
sh -c 'echo "$#"' x '' ''
sh -c 'echo "$#"; printf "[%s]\n" "$@"' x 'line one
line two' ''
set -- "" "b" ""
sh -c 'echo "$#:$1:$2:$3"' x "$@"
