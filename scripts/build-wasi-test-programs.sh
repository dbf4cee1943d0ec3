#!/usr/bin/env bash
# Builds the WASI programs that stand in for a shell package in the Wasmer engine's plumbing
# tests (test/wasi/*.c → test/wasi/build/*.wasm) with Debian's clang. The outputs are committed so
# the tests run without the toolchain; .ci/run rebuilds them and fails if they differ.
# Toolchain: apt-get install -y clang lld wasi-libc libclang-rt-14-dev-wasm32
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p test/wasi/build
# Compiled and linked in two steps: clang runs binaryen's wasm-opt on what it links with -O when
# wasm-opt is installed (the WASIX shell build needs it), which would change the committed bytes.
object=$(mktemp)
trap 'rm -f "$object"' EXIT
for source in test/wasi/*.c; do
  clang --target=wasm32-wasi -O2 -Wall -Werror -c -o "$object" "$source"
  clang --target=wasm32-wasi -Wl,--strip-all -o "test/wasi/build/$(basename "$source" .c).wasm" "$object"
done
ls -l test/wasi/build
