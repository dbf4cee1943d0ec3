#!/bin/bash
# Associative arrays (keys sorted for determinism).
declare -A age
age[alice]=34
age[bob]=27
age["carol smith"]=45
echo "alice=${age[alice]}"
echo "count=${#age[@]}"
for k in $(printf '%s\n' "${!age[@]}" | sort | tr ' ' '_'); do echo "key: $k"; done
[[ -v age[bob] ]] && echo "bob present"
[[ -v age[zed] ]] || echo "zed absent"
unset 'age[bob]'
echo "after unset count=${#age[@]}"
declare -A city_count
while IFS=, read -r name a city score; do
  [[ $name == name ]] && continue
  city_count[$city]=$(( ${city_count[$city]:-0} + 1 ))
done < data/people.csv
for c in $(printf '%s\n' "${!city_count[@]}" | sort); do
  echo "$c=${city_count[$c]}"
done
declare -A cfg=([host]=localhost [port]=8080)
echo "${cfg[host]}:${cfg[port]}"
echo "missing=[${cfg[nope]:-default}]"
