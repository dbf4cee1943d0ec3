#!/bin/bash
# ${10} and beyond need braces; $10 is $1 followed by 0.
echo "count=$#"
echo "9=${9} 10=${10} 11=${11}"
echo "unbraced \$10 -> $10"
echo "last=${!#}"
echo "slice=${*:2:3}"
args=("$@")
echo "from array: ${args[9]}"
