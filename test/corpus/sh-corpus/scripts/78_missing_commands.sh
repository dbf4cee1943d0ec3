#!/bin/sh
# Scripts check for tools before using them; a missing one is reported, not faked.
for tool in definitely-not-installed-tool another-missing-tool; do
  if command -v "$tool" >/dev/null 2>&1; then echo "$tool: found"; else echo "$tool: missing"; fi
done
definitely-not-installed-tool --version 2>/dev/null
echo "status $?"
type definitely-not-installed-tool >/dev/null 2>&1 || echo "type says missing"
