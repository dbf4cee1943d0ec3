#!/bin/bash
# trap forms real scripts use: reset, print, ignore, status kept, exit in the trap.
trap 'echo "first handler"' EXIT
trap -p EXIT
trap - EXIT
trap -p EXIT
echo "after reset: $(trap -p | wc -l) traps"
trap '' INT
trap 'echo "int handler"' INT TERM
trap -p INT
trap - INT TERM
on_exit() { echo "on_exit sees status $1"; }
trap 'on_exit $?' EXIT
case "${1:-}" in
  code) exit 3 ;;
  rewrite) trap 'echo rewriting; exit 7' EXIT; exit 1 ;;
  false) false ;;
esac
echo "end"
