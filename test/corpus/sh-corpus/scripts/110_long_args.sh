#!/bin/bash
# More than nine arguments.
echo "count $#"
echo "tenth ${10} eleventh ${11}"
echo "last ${!#}"
args=("$@"); echo "slice ${args[@]:8:3}"
