#!/bin/bash
echo "script: $(basename "$0")"
echo "count: $#"
echo "all: $*"
i=1
for a in "$@"; do echo "$i=[$a]"; i=$((i+1)); done
shift 2 2>/dev/null && echo "after shift: $*" || echo "cannot shift 2"
