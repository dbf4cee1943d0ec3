#!/usr/bin/env bash
# Installs the Debian packages `npm test` needs, when missing: Chromium for the browser tests, and
# the pure-Python packages the Python package tests repackage as wheels (and compare against).
set -euo pipefail
PYTHON_PACKAGES=(python3-yaml python3-openpyxl python3-et-xmlfile python3-pypdf python3-defusedxml)
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
for package in "${PYTHON_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
fi
