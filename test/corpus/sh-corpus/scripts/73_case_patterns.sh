#!/bin/sh
# Case patterns: negated classes, escaped and quoted wildcards, alternatives.
for word in "$@"; do
  case "$word" in
    *[!0-9]*|"") kind="not a number" ;;
    *) kind="number" ;;
  esac
  case "$word" in
    \**) star="starts with star" ;;
    "?"*) star="starts with question mark" ;;
    [!a-z]*) star="starts with non-lowercase" ;;
    *) star="other" ;;
  esac
  echo "$word: $kind; $star"
done
