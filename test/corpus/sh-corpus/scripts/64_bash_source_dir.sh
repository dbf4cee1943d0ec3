#!/bin/bash
# Finding the script's own folder, the way many published skills do it.
script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
echo "dir name: $(basename "$script_dir")"
echo "source: ${BASH_SOURCE[0]}"
echo "plain: $BASH_SOURCE"
echo "count: ${#BASH_SOURCE[@]}"
show() { echo "in function: ${BASH_SOURCE[0]} ${#BASH_SOURCE[@]}"; }
show
[ "$script_dir" = "$(cd "$(dirname "$0")" && pwd)" ] && echo "same as \$0"
