#!/bin/bash
# [[ ]] tests, =~ with BASH_REMATCH, glob matching.
check() {
  local s=$1
  if [[ $s =~ ^([a-z]+)-([0-9]+)$ ]]; then
    echo "match: name=${BASH_REMATCH[1]} num=${BASH_REMATCH[2]} whole=${BASH_REMATCH[0]}"
  else
    echo "no match: $s"
  fi
}
check widget-42
check Widget-42
check abc-
while read -r line; do
  if [[ $line =~ (ERROR|WARN)\ (.*)$ ]]; then
    echo "${BASH_REMATCH[1]}: ${BASH_REMATCH[2]}"
  fi
done < data/app.log
[[ "hello.txt" == *.txt ]] && echo "glob match"
[[ "hello.txt" == "*.txt" ]] || echo "quoted pattern is literal"
[[ -n "x" && ! -z "y" ]] && echo "compound and"
[[ 5 -lt 10 || 1 -eq 2 ]] && echo "compound or"
[[ abc < abd ]] && echo "string less"
re='^v([0-9]+)\.([0-9]+)'
[[ v3.14-beta =~ $re ]] && echo "major=${BASH_REMATCH[1]} minor=${BASH_REMATCH[2]}"
email="user@example.com"
[[ $email =~ @(.+)$ ]] && echo "domain=${BASH_REMATCH[1]}"
[[ 2 -gt 3 ]]; echo "status=$?"
