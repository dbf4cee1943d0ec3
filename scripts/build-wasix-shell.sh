#!/usr/bin/env bash
# Builds the Wasmer shell engine's package: dash, toybox and awk from Debian's source packages,
# compiled for WASIX on Debian's wasi-libc with our glue layer (wasix/glue), into build/wasix-shell/
# (ignored by git; the package build copies it into the runtime folder).
#
#   scripts/build-wasix-shell.sh            build, or say why not and exit 0 (the app then runs
#                                           .sh on the built-in engine only)
#   scripts/build-wasix-shell.sh --require  build or fail (CI)
#
# Toolchain (Debian): clang lld wasi-libc libclang-rt-14-dev-wasm32 binaryen autoconf automake
# dpkg-dev gcc make bison, and a deb-src entry for `apt-get source` (added here when missing, as root).
# Our patches to the sources are in wasix/patches. The result is kept until a source version, the
# glue layer, a patch, the toybox config or this script changes.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/build/wasix-shell
work=$root/build/wasix-shell-work
require=${1:-}
TOOLCHAIN_PACKAGES="clang lld wasi-libc libclang-rt-14-dev-wasm32 binaryen autoconf automake dpkg-dev gcc make bison"

skip() {
  echo "build-wasix-shell: $1" >&2
  if [ "$require" = "--require" ]; then exit 1; fi
  echo "build-wasix-shell: not built; .sh scripts run on the built-in engine only" >&2
  exit 0
}

for tool in clang wasm-ld wasm-opt autoreconf dpkg-source gcc make bison patch apt-get; do
  command -v "$tool" >/dev/null || skip "missing $tool (apt-get install -y $TOOLCHAIN_PACKAGES)"
done
[ -e /usr/lib/wasm32-wasi/libc.a ] || skip "missing wasi-libc (apt-get install -y wasi-libc)"

# `apt-get source` reads deb-src entries; Debian images ship only deb ones.
if ! apt-cache showsrc dash 2>/dev/null | grep -q '^Package: dash'; then
  [ "$(id -u)" = 0 ] || skip "no deb-src entry for apt-get source (add one, or run as root)"
  codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
  cat >/etc/apt/sources.list.d/skillbox-deb-src.sources <<SOURCES
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: $codename
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
  apt-get update >/dev/null
fi

# The newest version apt would fetch, from the name of its .dsc.
source_version() {
  apt-get source --print-uris "$1" 2>/dev/null | grep -o "${1}_[^ ']*\.dsc" | head -1 |
    sed "s/^${1}_//; s/\.dsc$//; s/%2[bB]/+/g; s/%3[aA]/:/g"
}
dash_version=$(source_version dash)
toybox_version=$(source_version toybox)
awk_version=$(source_version original-awk)
[ -n "$dash_version" ] && [ -n "$toybox_version" ] && [ -n "$awk_version" ] ||
  skip "apt-get source cannot find dash, toybox or original-awk"

stamp="dash $dash_version, toybox $toybox_version, awk $awk_version, $(cat scripts/build-wasix-shell.sh wasix/toybox.config wasix/glue/include/*.h wasix/glue/include/*/*.h wasix/glue/src/* wasix/handoff/* wasix/patches/* | sha256sum | cut -c1-16)"
if [ -e "$out/shell.json" ] && [ "$(cat "$out/.stamp" 2>/dev/null)" = "$stamp" ]; then
  echo "build-wasix-shell: up to date ($stamp)"
  exit 0
fi
started=$(date +%s)
rm -rf "$work" "$out"
mkdir -p "$work" "$out"
cd "$work"

# clang runs wasm-opt on what it links when wasm-opt is on PATH, without the features a
# shared-memory module uses; this stand-in, found first through -B, adds them.
mkdir toolchain
cat >toolchain/wasm-opt <<'WRAPPER'
#!/bin/sh
exec wasm-opt --enable-threads --enable-bulk-memory --enable-mutable-globals "$@"
WRAPPER
chmod +x toolchain/wasm-opt

glue=$root/wasix/glue
defines="-D_WASI_EMULATED_SIGNAL -D_WASI_EMULATED_PROCESS_CLOCKS -D_WASI_EMULATED_MMAN"
wrapped=__wasi_proc_exit,__wasi_fd_prestat_get,__wasi_args_sizes_get,__wasi_args_get
wrapped=$wrapped,__wasi_environ_sizes_get,__wasi_environ_get,open,openat,close,fcntl,read,write
wrapped=$wrapped,readv,writev,pread,pwrite,lseek,fstat,fstatat,stat,lstat,ftruncate,fsync,utimensat,futimens,isatty
# Shared memory (the runtime requires it to fork), imported so the runtime can copy it; Debian's
# libc objects are built without atomics, hence --no-check-features.
# The linker's default stack is 64 KiB, and frames past its end silently overwrite the program's
# data (the handoff's 64 KiB buffer once did); 1 MiB leaves toybox and awk room. The stack comes
# first in memory, where the runtime expects it: it writes a process's saved call stack (fork,
# setjmp) at the low end, so with the data first a deep call stack overwrote the program's
# constants (dash's builtin names once about 50 commands shared one function body:
# `exit: not found`).
link="-Wl,--shared-memory -Wl,--import-memory -Wl,--max-memory=1073741824 -Wl,--no-check-features"
link="$link -Wl,-z,stack-size=1048576 -Wl,--stack-first"
link="$link -Wl,--export=__stack_pointer -Wl,--wrap=${wrapped//,/,--wrap=}"
glue_lib="-Wl,--whole-archive $work/libglue.a -Wl,--no-whole-archive"
cc="clang --target=wasm32-wasi -B$work/toolchain $defines -I$glue/include"

echo "build-wasix-shell: the glue layer"
mkdir glue
for source in "$glue"/src/*.c; do
  $cc -O2 -Wall -Wextra -Werror -c "$source" -o "glue/$(basename "$source" .c).o"
done
llvm-ar-14 rcs libglue.a glue/*.o

# wasm-opt --asyncify lets the runtime unwind and rewind the stack: fork, setjmp/longjmp.
asyncify() {
  wasm-opt --asyncify -O2 --enable-threads --enable-bulk-memory --enable-mutable-globals "$1" -o "$2"
}

echo "build-wasix-shell: dash $dash_version"
apt-get source "dash=$dash_version" >apt-dash.log 2>&1 || { cat apt-dash.log; exit 1; }
(
  cd dash-*/
  for fix in "$root"/wasix/patches/dash-*.patch; do patch -p1 --quiet <"$fix"; done
  autoreconf -fi >/dev/null 2>&1
  CC="$cc" CFLAGS="-O2" CC_FOR_BUILD=gcc \
    LIBS="$glue_lib -lwasi-emulated-process-clocks $link" \
    ./configure --host=wasm32-wasi --build="$(gcc -dumpmachine)" >configure.log 2>&1 ||
    { cat configure.log; exit 1; }
  make -j"$(nproc)" >make.log 2>&1 || { tail -40 make.log; exit 1; }
  asyncify src/dash "$out/dash.wasm"
  cp COPYING "$out/LICENSE.dash"
)

echo "build-wasix-shell: toybox $toybox_version"
# The mirrors lack toybox's .debian.tar.xz at times; its upstream tarball then comes verified
# against the checksum in Debian's .dsc, without Debian's packaging (which patches no command).
toybox_patches="Debian's source package, with our patches wasix/patches/toybox-*.patch"
if ! apt-get source "toybox=$toybox_version" >apt-toybox.log 2>&1; then
  orig=$(ls toybox_*.orig.tar.* 2>/dev/null | head -1)
  [ -n "$orig" ] || { cat apt-toybox.log; exit 1; }
  expected=$(awk '/^Checksums-Sha256:/ {on=1; next} /^[^ ]/ {on=0} on && $3 == "'"$orig"'" {print $1}' toybox_*.dsc)
  [ "$(sha256sum "$orig" | cut -d' ' -f1)" = "$expected" ] || { echo "toybox: $orig checksum mismatch"; exit 1; }
  tar xf "$orig"
  toybox_patches="the upstream tarball of Debian's source package (its .debian.tar.xz was not on the mirror), with our patches wasix/patches/toybox-*.patch"
fi
(
  cd toybox-*/
  for fix in "$root"/wasix/patches/toybox-*.patch; do patch -p1 --quiet <"$fix"; done
  make allnoconfig KCONFIG_ALLCONFIG="$root/wasix/toybox.config" >config.log 2>&1
  # toybox's Linux code path fits the glue layer; it names struct statfs before including it.
  CC="clang" HOSTCC=gcc NOSTRIP=1 LDOPTIMIZE="-Wl,--gc-sections" \
    CFLAGS="--target=wasm32-wasi -O2 -D__linux__ -include sys/statfs.h $defines -I$glue/include -Wno-unused-result" \
    LDFLAGS="--target=wasm32-wasi -B$work/toolchain $glue_lib -lwasi-emulated-process-clocks -lwasi-emulated-mman -lwasi-emulated-signal $link" \
    make toybox >make.log 2>&1 || { tail -40 make.log; exit 1; }
  asyncify toybox "$out/toybox.wasm"
  gcc -I . scripts/install.c -o generated/instlist
  generated/instlist | tr ' ' '\n' | grep -v '^$' | grep -vx '\[' | sort >"$work/toybox-commands"
  cp LICENSE "$out/LICENSE.toybox"
)

# toybox 0.8.9 has no awk: the one true awk (original-awk), whose parser bison generates and
# whose operator table a host-built helper writes.
echo "build-wasix-shell: awk $awk_version"
apt-get source "original-awk=$awk_version" >apt-awk.log 2>&1 || { cat apt-awk.log; exit 1; }
(
  cd original-awk-*/
  make a.out CC="$cc -O2" HOSTCC=gcc CFLAGS= \
    ALLOC="$glue_lib -lwasi-emulated-process-clocks -lwasi-emulated-signal -lwasi-emulated-mman $link" \
    >make.log 2>&1 || { tail -40 make.log; exit 1; }
  asyncify a.out "$out/awk.wasm"
  cp LICENSE "$out/LICENSE.awk"
)

echo "build-wasix-shell: the python3/node/jq handoff"
$cc -O2 -Wall -Wextra -Werror -c "$root/wasix/handoff/handoff.c" -o handoff.o
$cc handoff.o $glue_lib $link -o handoff.raw.wasm
asyncify handoff.raw.wasm "$out/handoff.wasm"

# The package: `sh` and `dash` run dash; every toybox command runs toybox under its own name;
# `awk` runs awk; python3, python and node hand the script to the sandbox's other runtimes, and
# jq to the built-in engine's jq.
{
  printf '{\n  "entrypoint": "sh",\n'
  printf '  "modules": { "dash": "dash.wasm", "toybox": "toybox.wasm", "awk": "awk.wasm", "handoff": "handoff.wasm" },\n'
  printf '  "commands": {\n    "sh": "dash",\n    "dash": "dash",\n    "awk": "awk",\n'
  printf '    "python3": "handoff",\n    "python": "handoff",\n    "node": "handoff",\n    "jq": "handoff"'
  while read -r command; do printf ',\n    "%s": "toybox"' "$command"; done <toybox-commands
  printf '\n  },\n  "sources": {\n'
  printf '    "dash": { "version": "%s", "licence": "BSD-3-Clause (LICENSE.dash)", "from": "Debian'"'"'s source package, with our patches wasix/patches/dash-*.patch" },\n' "$dash_version"
  printf '    "toybox": { "version": "%s", "licence": "0BSD (LICENSE.toybox)", "from": "%s" },\n' "$toybox_version" "$toybox_patches"
  printf '    "awk": { "version": "%s", "licence": "Lucent permission notice (LICENSE.awk)", "from": "Debian'"'"'s source package original-awk" }\n' "$awk_version"
  printf '  }\n}\n'
} >"$out/shell.json"
echo "$stamp" >"$out/.stamp"
rm -rf "$work"
echo "build-wasix-shell: done in $(($(date +%s) - started)) s: $(ls -l "$out" | awk 'NR>1 {printf "%s %s B; ", $9, $5}')"
