#!/bin/bash
# kill, ulimit and disown exist and behave on the script's own process.
kill -0 $$ && echo "self is alive"
kill -0 999999 2>/dev/null || echo "no such process"
kill -s 0 $$ && echo "kill -s form"
ulimit -f unlimited 2>/dev/null; echo "ulimit status $?"
ulimit -t >/dev/null && echo "ulimit -t reads"
for b in kill ulimit umask disown trap wait; do printf '%s ' "$(type -t $b)"; done; echo
