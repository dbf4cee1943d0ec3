#!/bin/sh
# python3 writes a file, node reads it back.
set -e
rm -f out/from_python.txt
echo "step 1: python"
python3 scripts/helper.py "$@"
echo "step 2: node"
node scripts/helper.js "$@"
echo "step 3: python piped to jq"
python3 scripts/helper.py piped | head -n 1 | jq -r .runtime
echo "done"
