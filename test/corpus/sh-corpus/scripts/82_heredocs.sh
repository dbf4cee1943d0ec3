#!/bin/sh
name="world"
cat <<EOF
hello $name
  indented $(echo subst)
EOF
cat <<'EOF'
literal $name $(nothing)
EOF
	cat <<-EOF
	tabs stripped
	EOF
cat <<EOF | tr a-z A-Z
piped $name
EOF
