#!/bin/sh
# Convert CSV to JSON with awk, validate and query with jq.
mkdir -p out
awk -F, '
  NR == 1 { next }
  { rows[NR] = sprintf("{\"name\":\"%s\",\"age\":%d,\"city\":\"%s\",\"score\":%d}", $1, $2, $3, $4); n = NR }
  END {
    printf "["
    for (i = 2; i <= n; i++) { printf "%s%s", (i > 2 ? "," : ""), rows[i] }
    print "]"
  }' data/people.csv > out/people.json
jq -c 'length' out/people.json
jq -r '.[] | select(.city == "paris") | .name' out/people.json
jq -c 'map(.age) | add' out/people.json
jq -c 'group_by(.city) | map({city: .[0].city, avg: ((map(.score) | add) / length | floor)})' out/people.json
jq -r 'sort_by(-.score) | .[0:3] | map(.name) | join(" > ")' out/people.json
jq -n --arg who "csv" --argjson n 7 '{source: $who, rows: $n, ok: true}'
jq -n '[range(0; 5)] | map(. * .)' | jq -c .
