#!/bin/sh
x=1
( x=2; echo "subshell $x" )
echo "after subshell $x"
{ x=3; echo "group $x"; }
echo "after group $x"
echo "piped" | { read -r y; echo "read $y"; }
( exit 6 ); echo "subshell exit $?"
cd /tmp && (cd / && pwd) && pwd
