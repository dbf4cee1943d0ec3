#!/bin/sh
# Arguments must arrive literally (no re-expansion, no globbing, no splitting).
echo "argc=$#"
i=0
for a in "$@"; do
  i=$((i + 1))
  printf 'arg %d: [%s]\n' "$i" "$a"
done
show() { printf 'fn got %d args\n' "$#"; }
show "$@"
show "$*"
printf 'joined: [%s]\n' "$*"
first=${1-}
case "$first" in
  *'$('*) echo "first contains a command substitution literally" ;;
esac
printf '%s' "$first" | wc -c | tr -d ' '
