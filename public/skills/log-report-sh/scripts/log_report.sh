#!/bin/sh
# log_report.sh [LOGFILE] [LEVEL]
#
# Summarizes an application log whose lines look like
#   2026-01-05T10:00:01Z INFO api request served path=/users ms=12
# Prints the number of lines per level (sorted by level name), the top 3
# paths by count (ties sorted by path) and, if LEVEL is given, the lines of
# that level. Writes the level counts to out/summary.txt.
#
# Exit codes: 0 success, 1 log file missing or unreadable, 2 usage error.
# POSIX sh: runs the same under dash and bash.

set -e
LC_ALL=C
export LC_ALL

DEFAULT_LOG=data/app.log
OUT_DIR=out
SUMMARY_FILE=$OUT_DIR/summary.txt
TOP_N=3

usage() {
  echo "usage: sh scripts/log_report.sh [LOGFILE] [LEVEL]"
  echo "  LOGFILE  log to read (default: $DEFAULT_LOG)"
  echo "  LEVEL    DEBUG, INFO, WARN or ERROR (case-insensitive); prints matching lines"
}

die() {
  # die EXIT_CODE MESSAGE
  printf 'error: %s\n' "$2" >&2
  exit "$1"
}

level_counts() {
  # level_counts FILE -> "LEVEL COUNT" lines, sorted by level name.
  # Files are read via redirection so odd names (-x, a=b) are never options.
  awk 'NF >= 2 { print $2 }' < "$1" | sort | uniq -c | awk '{ printf "%s %d\n", $2, $1 }'
}

top_paths() {
  # top_paths FILE N -> "PATH COUNT" lines, most frequent first, ties by path
  grep -e 'path=' < "$1" \
    | awk '{ for (i = 1; i <= NF; i++) if (substr($i, 1, 5) == "path=") print substr($i, 6) }' \
    | sort | uniq -c | sort -k1,1nr -k2,2 | head -n "$2" \
    | awk '{ printf "%s %d\n", $2, $1 }'
}

print_table() {
  # print_table TEXT -> indented, aligned "NAME COUNT" rows or "(none)"
  if [ -n "$1" ]; then
    printf '%s\n' "$1" | awk '{ printf "  %-10s %5d\n", $1, $2 }'
  else
    echo "  (none)"
  fi
}

main() {
  # ---- arguments ----
  case ${1:-} in
    -h|--help) usage; exit 0 ;;
  esac

  level_arg=
  case $# in
    0) logfile=$DEFAULT_LOG ;;
    1) logfile=$1 ;;
    2) logfile=$1; level_arg=$2 ;;
    *) usage >&2; die 2 "too many arguments (expected at most LOGFILE and LEVEL)" ;;
  esac

  level=
  if [ -n "$level_arg" ]; then
    level=$(printf '%s' "$level_arg" | tr 'a-z' 'A-Z')
    case $level in
      DEBUG|INFO|WARN|ERROR) ;;
      WARNING) level=WARN ;;
      *) usage >&2; die 2 "unknown level: $level_arg" ;;
    esac
  fi

  [ -n "$logfile" ] || logfile=$DEFAULT_LOG   # "" means the default log
  [ -f "$logfile" ] || die 1 "log file not found: $logfile"
  [ -r "$logfile" ] || die 1 "log file not readable: $logfile"

  # ---- report ----
  counts=$(level_counts "$logfile")
  paths=$(top_paths "$logfile" "$TOP_N")
  total=$(printf '%s\n' "$counts" | awk '{ n += $2 } END { print n + 0 }')

  echo "Log report for $logfile ($total entries)"
  echo
  echo "Counts per level:"
  print_table "$counts"
  echo
  echo "Top $TOP_N paths:"
  print_table "$paths"

  if [ -n "$level" ]; then
    matches=$(grep -E -e "^[^ ]+ $level( |\$)" < "$logfile" || true)
    echo
    echo "$level lines:"
    if [ -n "$matches" ]; then
      printf '%s\n' "$matches"
    else
      echo "(none)"
    fi
  fi

  mkdir -p "$OUT_DIR"
  {
    echo "# level counts for $logfile"
    if [ -n "$counts" ]; then
      printf '%s\n' "$counts"
    fi
    echo "total $total"
  } > "$SUMMARY_FILE"

  echo
  echo "Summary written to $SUMMARY_FILE"
}

main "$@"
