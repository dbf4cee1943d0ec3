#!/bin/sh
# awk associative arrays (output sorted for determinism), gsub/sub, match.
awk -F, 'NR > 1 {count[$3]++; total[$3] += $4} END {for (c in count) printf "%s %d %d\n", c, count[c], total[c]}' data/people.csv | sort
awk '{level[$3]++} END {for (l in level) print level[l], l}' data/app.log | sort -k1,1n -k2
awk '{for (i = 1; i <= NF; i++) w[tolower($i)]++} END {for (k in w) if (w[k] > 1) print k, w[k]}' data/words.txt | sort
awk '{seen[$0]++} !(seen[$0] > 1)' data/numbers.txt
awk '{ s = $0; n = gsub(/o/, "0", s); print n, s }' data/words.txt | head -n 2
echo "foo=bar" | awk '{ sub(/=.*/, ""); print }'
echo "id=42 name=x" | awk 'match($0, /[0-9]+/) { print substr($0, RSTART, RLENGTH), RSTART, RLENGTH }'
awk -F, 'NR > 1 { if (!($3 in best) || $4 > best[$3]) { best[$3] = $4; who[$3] = $1 } } END { for (c in best) print c ": " who[c] " (" best[c] ")" }' data/people.csv | sort
awk 'BEGIN { a["x"] = 1; delete a["x"]; print ("x" in a) ? "present" : "absent" }'
