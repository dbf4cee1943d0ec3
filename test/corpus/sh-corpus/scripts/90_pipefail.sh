#!/bin/bash
false | true; echo "plain $?"
set -o pipefail
false | true; echo "pipefail $?"
true | (exit 3) | true; echo "middle $?"
echo abc | grep -q b; echo "grep $?"
true | false | cat; echo "status ${PIPESTATUS[*]}"
