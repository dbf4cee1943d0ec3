#!/bin/sh
# case with patterns and alternatives.
classify() {
  case "$1" in
    "") echo "empty" ;;
    -h|--help) echo "help flag" ;;
    -*) echo "option: $1" ;;
    *.txt|*.md) echo "text file: $1" ;;
    [0-9]|[0-9][0-9]) echo "small number: $1" ;;
    [0-9]*) echo "number-ish: $1" ;;
    [A-Z]*) echo "capitalised: $1" ;;
    *\ *) echo "has space: $1" ;;
    \**) echo "starts with star" ;;
    ?) echo "single char: $1" ;;
    *) echo "other: $1" ;;
  esac
}
for w in "" -h --help -v notes.txt README.md 7 42 123abc Hello "two words" "*x" q anything; do
  classify "$w"
done
for a in "$@"; do classify "$a"; done
ext=json
case $ext in
  json) echo "json;;"; ;;
esac
case x in y) echo no;; esac
echo "nomatch status=$?"
