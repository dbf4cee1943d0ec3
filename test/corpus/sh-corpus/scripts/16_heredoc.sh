#!/bin/sh
# Here-documents: unquoted, quoted, <<- with tabs, into commands.
name=corpus
count=3
cat <<EOF2
Hello $name, count=$count, math=$((count * 2))
cmd: $(echo substituted)
escaped: \$name and backslash \\
EOF2
cat <<'EOF2'
Literal $name and $(echo not run) and `backticks`
EOF2
cat <<"EOF2"
Double-quoted delimiter also literal: $count
EOF2
cat <<-EOF2
	tab-stripped line 1
		tab-stripped line 2 ($name)
	EOF2
wc -l <<EOF2
one
two
three
EOF2
tr a-z A-Z <<EOF2 | sed 's/^/> /'
piped $name
EOF2
read -r first <<EOF2
first line from heredoc
EOF2
echo "first=$first"
