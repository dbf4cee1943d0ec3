#!/bin/sh
# printf formats.
printf '%s\n' plain
printf '%s-%s\n' a b c d
printf '%d items\n' 3
printf '[%5s][%-5s][%.2s]\n' ab ab abcdef
printf '[%5d][%-5d][%05d]\n' 42 42 42
printf '%x %X %o\n' 255 255 8
printf '%.3f %.0f %e\n' 3.14159 2.5 12345.678
printf '%c%c\n' hello world
printf '%%literal percent\n'
printf 'no newline'; printf '\n'
printf 'escapes: tab[\t] backslash[\\] quote[\047]\n'
printf '%b\n' 'b-format: a\tb'
printf '%s=%d\n' one 1 two 2 three 3
printf '%s\n'
printf '[%s]\n' ""
printf '%d\n' 0x10
printf '%d\n' "'A"
printf '%5.1f%%\n' 99.44
for n in 1 10 100; do printf '%4d|\n' "$n"; done
printf '%-8s%s\n' NAME SCORE alice 88 bob 72
