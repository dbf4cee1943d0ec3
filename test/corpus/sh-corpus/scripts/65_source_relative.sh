#!/bin/bash
# Sourcing a helper next to the script, located through BASH_SOURCE.
here="$(dirname "${BASH_SOURCE[0]}")"
. "$here/lib/greet.sh"
greet "${1:-world}"
echo "helper says: $GREETING"
