#!/bin/sh
list="a b  c"
set -- $list; echo "$# fields"
IFS=,; csv="x,y,,z"; set -- $csv; echo "$# csv fields: $*"; unset IFS
set -f; pat="*"; echo $pat; set +f
old="$IFS"; IFS=: ; for p in /usr:/bin:/sbin; do echo "$p"; done; IFS="$old"
IFS=: read -r a b <<EOF
one:two:three
EOF
echo "$a / $b"
