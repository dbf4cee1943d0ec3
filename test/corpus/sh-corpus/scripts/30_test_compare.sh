#!/bin/sh
# [ ] string and numeric comparisons, -z/-n, !, -a/-o via && ||.
check() { if "$@"; then echo "true : $*"; else echo "false: $*"; fi; }
check [ abc = abc ]
check [ abc != abd ]
check [ -z "" ]
check [ -n "x" ]
check [ -n "" ]
check [ 10 -gt 9 ]
check [ 10 -lt 9 ]
check [ 5 -ge 5 ]
check [ 5 -le 4 ]
check [ 3 -eq 03 ]
check [ 3 -ne 4 ]
check [ "10" = "10.0" ]
check [ ! -f data/nothing ]
check [ -f data/people.csv ]
check test -d data
check [ "a" \< "b" ]
check [ -r data/app.log ]
v=${1:-}
if [ -z "$v" ]; then echo "no arg given"; elif [ "$v" = "yes" ]; then echo "affirmative"; else printf 'other: %s\n' "$v"; fi
if [ -f data/people.csv ] && [ -f data/items.json ]; then echo "both data files"; fi
if [ -f data/none ] || [ -d data ]; then echo "one of them"; fi
[ 1 -eq 2 ]; echo "status=$?"
[ 2 -eq 2 ]; echo "status=$?"
