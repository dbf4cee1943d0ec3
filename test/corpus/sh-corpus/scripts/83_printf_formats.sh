#!/bin/sh
printf '%5s|%-5s|%05d|%.2f|%x|%o|%c|%%\n' ab cd 42 3.14159 255 8 xyz
printf '%s\n' one two three
printf '%d-%d\n' 1 2 3 4
printf '%b\n' 'tab\there'
printf '%10.3f|\n' 2.5
printf '%-8s%s\n' key value
printf '%+d % d\n' 5 5
