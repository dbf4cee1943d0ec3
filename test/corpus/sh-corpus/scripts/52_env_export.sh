#!/bin/sh
# export to child processes, prefix assignments, unset.
unset CORPUS_VAR
CORPUS_LOCAL=not-exported
export CORPUS_VAR=exported
sh -c 'echo "child sees CORPUS_VAR=[$CORPUS_VAR] CORPUS_LOCAL=[$CORPUS_LOCAL]"'
CORPUS_PREFIX=once sh -c 'echo "prefix=[$CORPUS_PREFIX]"'
echo "after prefix: [${CORPUS_PREFIX:-unset}]"
export CORPUS_LOCAL
sh -c 'echo "now exported: $CORPUS_LOCAL"'
unset CORPUS_VAR
sh -c 'echo "after unset: [${CORPUS_VAR:-gone}]"'
sh -c 'exit 4'; echo "child exit=$?"
sh -c 'echo "child args: $# $1 $2"' child-name one "two three"
env CORPUS_ENV=via-env sh -c 'echo "$CORPUS_ENV"'
printf '%s\n' "echo from stdin script" | sh
