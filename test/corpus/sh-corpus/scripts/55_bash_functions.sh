#!/bin/bash
# bash function features: local -a, declare -i, FUNCNAME, return via echo, nullglob.
sum_all() {
  local -i total=0
  local n
  for n in "$@"; do total+=n; done
  echo "$total"
}
echo "sum=$(sum_all 1 2 3 4)"
whoami_fn() { echo "in ${FUNCNAME[0]}"; }
whoami_fn
split_words() {
  local -a parts
  read -r -a parts <<< "$1"
  echo "${#parts[@]} parts, last=${parts[-1]}"
}
split_words "one two three"
declare -i num=5
num=num*3+1
echo "num=$num"
shopt -s nullglob
matches=(data/*.nomatch)
echo "nullglob matches=${#matches[@]}"
shopt -u nullglob
csvs=(data/*.csv)
echo "csv=${csvs[0]}"
counter() { local c=${1:-0}; ((c++)); return $c; }
counter 4; echo "counter returned $?"
set -o pipefail
false | true; echo "pipefail status=$?"
set +o pipefail
false | true; echo "no pipefail status=$?"
echo "PIPESTATUS demo"; true | false | true; echo "${PIPESTATUS[*]}"
