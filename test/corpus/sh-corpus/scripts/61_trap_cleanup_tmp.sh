#!/bin/bash
# The common pattern: a temporary folder removed by an EXIT trap, even on failure.
set -euo pipefail
work=$(mktemp -d)
cleanup() { rm -rf "$work"; echo "cleaned: $([ -d "$work" ] && echo no || echo yes)"; }
trap cleanup EXIT
echo "data" > "$work/file.txt"
wc -c < "$work/file.txt"
if [ "${1:-}" = "fail" ]; then
  grep -q "absent" "$work/file.txt"
fi
echo "done"
