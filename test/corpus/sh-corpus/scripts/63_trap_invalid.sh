#!/bin/bash
# An invalid signal name is an error with status 1; valid names with and without SIG work.
trap 'echo x' NOSUCHSIGNAL 2>/dev/null
echo "invalid: $?"
trap 'echo hup' SIGHUP
echo "sighup: $?"
trap 'echo usr1' 10
echo "numeric: $?"
trap -p HUP
command -v trap
type -t trap
