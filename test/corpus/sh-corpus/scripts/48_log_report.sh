#!/bin/sh
# A typical skill "report" pipeline over a log file.
log=${1:-data/app.log}
[ -f "$log" ] || { echo "no such log: $log"; exit 1; }
total=$(wc -l < "$log")
errors=$(grep -ci 'error' "$log")
warns=$(grep -c ' WARN ' "$log")
echo "report for $(basename "$log")"
echo "total=$total errors=$errors warnings=$warns"
pct=$((errors * 100 / total))
echo "error rate: ${pct}%"
echo "levels:"
awk '{print toupper($3)}' "$log" | sort | uniq -c | sort -k1,1nr -k2 | while read -r n lvl; do
  printf '  %-6s %2d\n' "$lvl" "$n"
done
echo "users:"
grep -o 'user=[a-z]*' "$log" | cut -d= -f2 | sort -u | sed 's/^/  - /'
echo "slowest:"
grep -o 'ms=[0-9]*' "$log" | cut -d= -f2 | sort -n | tail -n 1
first=$(head -n 1 "$log" | cut -d' ' -f2)
last=$(tail -n 1 "$log" | cut -d' ' -f2)
echo "span: $first -> $last"
