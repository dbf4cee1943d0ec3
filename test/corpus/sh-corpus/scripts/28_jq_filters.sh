#!/bin/sh
# jq: select, map, sort_by, group_by, add, arg passing, exit status.
jq -r '.items[] | select(.kind == "fruit") | .name' data/items.json
jq -c '[.items[] | select(.qty > 5) | .id]' data/items.json
jq -c '.items | map(.price)' data/items.json
jq '.items | map(.price * .qty) | add' data/items.json
jq -r '.items | sort_by(.price) | .[] | "\(.price) \(.name)"' data/items.json
jq -c '.items | sort_by(.id) | map(.id)' data/items.json
jq -c '.items | group_by(.kind) | map({kind: .[0].kind, n: length})' data/items.json
jq -r '.items | map(.name) | join(",")' data/items.json
jq -c '[.items[] | .tags[]] | unique' data/items.json
jq -c '.items | map(select(.tags | index("red"))) | map(.name)' data/items.json
jq -r --arg k vegetable '.items[] | select(.kind == $k) | .name' data/items.json
jq -c --argjson min 2 '[.items[] | select(.price >= $min) | .name]' data/items.json
jq -c '.items | min_by(.price) | {name, price}' data/items.json
jq -c '.items | max_by(.qty).name' data/items.json
jq '[.items[].qty] | add / length' data/items.json
jq -c '.items[0] | to_entries | map(.key)' data/items.json
jq -c '.items | map(has("tags")) | all' data/items.json
jq -e '.items[] | select(.name == "durian")' data/items.json > /dev/null
echo "jq -e no match status=$?"
jq -r '.items[] | [.name, .kind, (.qty | tostring)] | @tsv' data/items.json
jq -r '.items[] | [.id, .name] | @csv' data/items.json
