#!/bin/sh
# python3 and node given their program as text, on stdin or as a file, with piped input, as
# scripts call them.
set -e
python3 -c 'import sys; print("python3 -c", sys.argv[1:])' one "two words"
node -e 'console.log("node -e", process.argv.slice(1))' a b
node -p '[1, 2, 3].map((n) => n * 2).join(",")'
printf 'alpha\nbeta\n' | python3 -c 'import sys; print([line.strip().upper() for line in sys.stdin])'
printf '{"n": 41}' | node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s).n + 1))'
echo 'print("python3 reads its program from stdin")' | python3 -
python3 - <<'PY'
import json
print(json.dumps({"here-doc": True}))
PY
printf 'one\ntwo\nthree\n' | while read -r word; do
  python3 -c 'print("a program that reads no input")'
  echo "the loop read $word"
done
printf '3\n4\n' > "${TMPDIR:-/tmp}/numbers.txt"
python3 -c 'import sys; print(sum(int(n) for n in sys.stdin))' < "${TMPDIR:-/tmp}/numbers.txt"
cd data && python3 -c 'import os; print(os.path.basename(os.getcwd()))' && cd ..
python3 -m json.tool --compact <<'JSON'
{"a": [1, 2]}
JSON
echo done
