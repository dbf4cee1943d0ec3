#!/bin/bash
readonly LIMIT=5
echo "limit $LIMIT"
LIMIT=6 2>/dev/null
echo "after assignment: $LIMIT status $?"
f() { LIMIT=7; }
f 2>/dev/null
echo "still $LIMIT"
