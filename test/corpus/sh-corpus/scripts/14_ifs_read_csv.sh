#!/bin/sh
# IFS=, read -r for CSV parsing.
{
  read -r header
  echo "header: $header"
  while IFS=, read -r name age city score; do
    echo "$name is $age from $city (score $score)"
  done
} < data/people.csv
echo "x,y,z,extra,more" | { IFS=, read -r a b c; echo "a=$a b=$b c=$c"; }
echo "one,two" | { IFS=, read -r a b c; echo "a=$a b=$b c=[$c]"; }
echo "k1:v1:v2" | { IFS=: read -r key rest; echo "key=$key rest=$rest"; }
line="root:x:0:0:root"
IFS=: read -r user pw uid gid gecos <<EOF2
$line
EOF2
echo "user=$user uid=$uid gecos=$gecos"
old_ifs=$IFS; IFS=,; set -- $(echo "p,q,,r"); IFS=$old_ifs
echo "fields=$#"; printf '[%s]' "$@"; echo
