#!/bin/sh
true; echo "true $?"
false; echo "false $?"
! true; echo "not true $?"
nosuchcommand_xyz 2>/dev/null; echo "missing $?"
sh -c 'exit 300'; echo "wrapped $?"
(exit 255); echo "max $?"
f() { return 2; }; f; echo "return $?"
[ 1 -eq 2 ]; echo "test $?"
