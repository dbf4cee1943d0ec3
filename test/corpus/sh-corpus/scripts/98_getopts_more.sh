#!/bin/sh
verbose=0; output=""; OPTIND=1
while getopts "vo:h" opt; do
  case "$opt" in
    v) verbose=$((verbose+1)) ;;
    o) output="$OPTARG" ;;
    h) echo "usage"; exit 0 ;;
    \?) echo "bad option"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
echo "verbose=$verbose output=$output rest=$*"
