#!/bin/sh
# jq basics: .field, .[], -r, length, keys, -c, pretty output.
jq .store data/items.json
jq -r .store data/items.json
jq .open data/items.json
jq '.items | length' data/items.json
jq -r '.items[].name' data/items.json
jq '.items[0]' data/items.json
jq -c '.items[1]' data/items.json
jq -c 'keys' data/items.json
jq -r '.items[0] | keys[]' data/items.json
jq '.items[2].tags | length' data/items.json
jq '.missing' data/items.json
jq -r '.items[] | "\(.id): \(.name) x\(.qty)"' data/items.json
jq -c '{store, count: (.items | length)}' data/items.json
jq -r '.items[-1].name' data/items.json
echo '{"a":1,"b":[1,2]}' | jq .
echo '[3,1,2]' | jq -c 'sort'
name=$(jq -r '.items[0].name' data/items.json)
echo "shell got: $name"
