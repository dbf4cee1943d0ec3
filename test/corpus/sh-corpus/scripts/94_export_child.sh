#!/bin/sh
export SHARED="from parent"
LOCAL_ONLY="not exported"
sh -c 'echo "child sees: ${SHARED:-nothing} / ${LOCAL_ONLY:-nothing}"'
ONE_SHOT=yes sh -c 'echo "one shot: $ONE_SHOT"'
echo "after: ${ONE_SHOT:-unset}"
sh -c 'exit 3'; echo "child status $?"
sh -c 'echo "args: $0 $1 $2"' zero one two
