#!/bin/sh
# What a started program inherits is the shell's state at that moment, not the run's start.
# A variable the run started with, unset here, stays unset in the programs started after.
(unset HOME; sh -c 'echo "home after unset: ${HOME:-unset}"')
env -u HOME sh -c 'echo "home under env -u: ${HOME:-unset}"'
# A descriptor the shell opened is open in the program it starts, whatever its number.
sh -c 'cat <&3' 3<<HERE
here-doc on 3
HERE
sh -c 'cat <&7' 7<<HERE
here-doc on 7
HERE
exec 4>&1
sh -c 'echo "through 4" >&4'
exec 4>&-
echo done
