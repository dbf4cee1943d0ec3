#!/bin/sh
# Descriptors 6-9 are the script's own: closed until opened, then files like any other.
echo "to closed 7" 1>&7; echo "closed 7: $?"
( echo "read closed 6" <&6 ) 2>/dev/null; echo "closed 6: $?"
exec 6>six.txt 7>seven.txt 8>eight.txt 9>nine.txt
echo six >&6; echo seven >&7; echo eight >&8; echo nine >&9
exec 6>&- 7>&- 8>&- 9>&-
cat six.txt seven.txt eight.txt nine.txt
exec 9<seven.txt
read -r line <&9; echo "read from 9: $line"
exec 9<&-
cat <&6 2>/dev/null || echo "6 closed again"
{ cat <&7; } 7<<EOT
here-document on 7
EOT
sh -c 'cat <&8' 8<six.txt
