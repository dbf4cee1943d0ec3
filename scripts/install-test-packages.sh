#!/usr/bin/env bash
# Installs the Debian packages `npm test` needs, when missing: the three browser engines the
# browser tests drive (Chromium; Firefox ESR; WebKitGTK's WebDriver and MiniBrowser, under Xvfb),
# the pure-Python packages the Python package tests repackage as wheels (and compare against),
# and the toolchain that builds dash and toybox for the Wasmer engine (scripts/build-wasix-shell.sh).
set -euo pipefail
PYTHON_PACKAGES=(python3-yaml python3-openpyxl python3-et-xmlfile python3-pypdf python3-defusedxml)
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
[ -x /usr/bin/WebKitWebDriver ] || missing+=(webkit2gtk-driver)
command -v xvfb-run >/dev/null || missing+=(xvfb)
command -v xauth >/dev/null || missing+=(xauth)
WASIX_TOOLCHAIN=(clang lld wasi-libc libclang-rt-14-dev-wasm32 binaryen autoconf automake dpkg-dev gcc make bison)
for package in "${PYTHON_PACKAGES[@]}" "${WASIX_TOOLCHAIN[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
fi
