#!/bin/sh
# trap reset, trap in subshell, multiple statements.
trap 'echo "outer trap"' EXIT
(
  trap 'echo "subshell trap"' EXIT
  echo "in subshell"
)
echo "after subshell"
trap - EXIT
trap 'echo "final trap A"; echo "final trap B"' EXIT
echo "last line"
