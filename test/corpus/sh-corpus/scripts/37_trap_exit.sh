#!/bin/sh
# trap on EXIT runs on normal exit and on set -e failure.
cleanup() {
  echo "cleanup: status was $1"
}
trap 'cleanup $?' EXIT
echo "working"
mode=${1:-ok}
case "$mode" in
  ok) echo "finishing normally" ;;
  fail) set -e; echo "about to fail"; false; echo "not printed" ;;
  exit) echo "explicit exit 5"; exit 5 ;;
esac
echo "end of script"
