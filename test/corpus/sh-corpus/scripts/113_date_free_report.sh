#!/bin/sh
# A report skill shape: read CSV, aggregate, write a Markdown file, print its path.
mkdir -p output
printf 'region,sales\nnorth,120\nsouth,80\nnorth,30\neast,50\n' > sales.csv
{
  echo "# Sales by region"
  echo
  echo "| region | total |"
  echo "|---|---|"
  tail -n +2 sales.csv | awk -F, '{t[$1]+=$2} END {for (r in t) print r, t[r]}' | sort | while read -r r t; do
    echo "| $r | $t |"
  done
} > output/report.md
cat output/report.md
echo "wrote output/report.md"
