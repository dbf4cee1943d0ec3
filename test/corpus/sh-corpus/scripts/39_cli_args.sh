#!/bin/sh
# Skill-style CLI parsing with usage and exit 2 on bad args.
usage() {
  echo "usage: $(basename "$0") --name NAME [--count N] [--upper] [--] [FILE...]" >&2
  exit 2
}
name="" count=1 upper=0
while [ $# -gt 0 ]; do
  case "$1" in
    --name) [ $# -ge 2 ] || usage; name=$2; shift 2 ;;
    --name=*) name=${1#--name=}; shift ;;
    --count) [ $# -ge 2 ] || usage; count=$2; shift 2 ;;
    --upper) upper=1; shift ;;
    -h|--help) echo "help: pass --name"; exit 0 ;;
    --) shift; break ;;
    -*) printf 'unknown option: %s\n' "$1"; usage ;;
    *) break ;;
  esac
done
[ -n "$name" ] || { echo "error: --name is required"; usage; }
case "$count" in ''|*[!0-9]*) echo "error: --count must be a number"; exit 2 ;; esac
[ "$upper" -eq 1 ] && name=$(printf '%s' "$name" | tr a-z A-Z)
i=0
while [ "$i" -lt "$count" ]; do printf 'hello, %s\n' "$name"; i=$((i + 1)); done
for f in "$@"; do printf 'file: %s\n' "$f"; done
echo "ok"
