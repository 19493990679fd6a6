#!/usr/bin/env bash
# Builds the C core (CSources/CBoxDiff) as a plain C library and installs
# it: lib/libboxdiff.a, lib/libboxdiff.so.MAJOR.MINOR.PATCH (soname
# libboxdiff.so.MAJOR, with the libboxdiff.so.MAJOR and libboxdiff.so
# links), include/CBoxDiff.h and lib/pkgconfig/boxdiff.pc, so that
#
#   cc app.c $(pkg-config --cflags --libs boxdiff)
#
# works (add --static to pkg-config, and link statically, for the archive).
# Optimized (-O2, assertions off); internals hidden: the shared library
# exports exactly the functions of CBoxDiff.h, and the archive's one object
# defines no other global symbol.
#
# Hashing uses the system libxxhash when it is found (through pkg-config,
# then as <xxhash.h> + -lxxhash; recorded as Requires.private or
# Libs.private in boxdiff.pc), else the core's own XXH3 (same values).
#
#   scripts/install-c.sh [--prefix DIR] [--bundled-xxh3]
#
#   --prefix DIR     install under DIR (default /usr/local)
#   --bundled-xxh3   use the core's own XXH3 even when libxxhash is present
#
# Environment: CC (default cc), CFLAGS (added after the defaults),
# DESTDIR (staged installs: files go to $DESTDIR$prefix, boxdiff.pc still
# says $prefix).
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=/usr/local
bundled=0
while [ $# -gt 0 ]; do
    case "$1" in
    --prefix) [ $# -ge 2 ] || { echo "--prefix needs a directory" >&2; exit 2; }
              prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --bundled-xxh3) bundled=1; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
    esac
done
case "$prefix" in
/*) ;;
*) prefix="$(pwd -P)/$prefix" ;; # boxdiff.pc needs an absolute prefix
esac

src=CSources/CBoxDiff
header="$src/include/CBoxDiff.h"
version_part() {
    sed -n "s/^#define BXD_VERSION_$1 \([0-9][0-9]*\)\$/\1/p" "$header"
}
major="$(version_part MAJOR)"
minor="$(version_part MINOR)"
patch="$(version_part PATCH)"
if [ -z "$major" ] || [ -z "$minor" ] || [ -z "$patch" ]; then
    echo "no BXD_VERSION_MAJOR/MINOR/PATCH in $header" >&2
    exit 1
fi
version="$major.$minor.$patch"

cc="${CC:-cc}"
if ! command -v "$cc" >/dev/null 2>&1; then
    if command -v clang >/dev/null 2>&1; then cc=clang
    elif [ -x /opt/swift/usr/bin/clang ]; then cc=/opt/swift/usr/bin/clang
    else echo "no C compiler found (set CC)" >&2; exit 1
    fi
fi

build="$(mktemp -d "${TMPDIR:-/tmp}/bxd-install-c.XXXXXX")"
trap 'rm -rf "$build"' EXIT

# How hashing is built: the system libxxhash or the bundled XXH3.
xxhash_cflags=""
xxhash_libs=""
requires_private=""
libs_private=""
if [ "$bundled" -eq 0 ]; then
    if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libxxhash; then
        xxhash_cflags="$(pkg-config --cflags libxxhash)"
        xxhash_libs="$(pkg-config --libs libxxhash)"
        requires_private="libxxhash"
    else
        printf '#include <xxhash.h>\nint main(void) { return (int)XXH3_64bits_withSeed("", 0, 0) & 0; }\n' \
            >"$build/probe.c"
        if "$cc" "$build/probe.c" -lxxhash -o "$build/probe" >/dev/null 2>&1; then
            xxhash_libs="-lxxhash"
            libs_private="-lxxhash"
        else
            bundled=1
        fi
    fi
fi
defines=""
if [ "$bundled" -eq 1 ]; then
    defines="-DBXD_USE_BUNDLED_XXH3"
    echo "install-c: hashing with the bundled XXH3" >&2
else
    echo "install-c: hashing with the system libxxhash" >&2
fi

# One set of position-independent objects serves both libraries.
# shellcheck disable=SC2086
for file in "$src"/*.c; do
    "$cc" -std=c11 -O2 -DNDEBUG -fPIC -fvisibility=hidden \
        -Wall -Wextra $defines -I"$src/include" -I"$src" $xxhash_cflags \
        ${CFLAGS:-} -c "$file" -o "$build/$(basename "$file" .c).o"
done
objects=("$build"/*.o)

# The archive: one relocatable object with the hidden symbols made local,
# where the tools allow, so static users see only the header's functions.
if "$cc" -r -nostdlib "${objects[@]}" -o "$build/boxdiff.o" 2>/dev/null &&
    command -v objcopy >/dev/null 2>&1 &&
    objcopy --localize-hidden "$build/boxdiff.o" 2>/dev/null; then
    ar rcs "$build/libboxdiff.a" "$build/boxdiff.o"
else
    ar rcs "$build/libboxdiff.a" "${objects[@]}"
fi

# shellcheck disable=SC2086
"$cc" -shared -Wl,-soname,"libboxdiff.so.$major" \
    -o "$build/libboxdiff.so.$version" "${objects[@]}" $xxhash_libs

cat >"$build/boxdiff.pc" <<EOF
prefix=$prefix
exec_prefix=\${prefix}
libdir=\${exec_prefix}/lib
includedir=\${prefix}/include

Name: boxdiff
Description: BoxDiff's C core: list diffs with minimal moves and staged changesets
Version: $version
Cflags: -I\${includedir}
Libs: -L\${libdir} -lboxdiff
EOF
[ -n "$requires_private" ] && echo "Requires.private: $requires_private" >>"$build/boxdiff.pc"
[ -n "$libs_private" ] && echo "Libs.private: $libs_private" >>"$build/boxdiff.pc"

root="${DESTDIR:-}$prefix"
install -d "$root/include" "$root/lib/pkgconfig"
install -m 644 "$header" "$root/include/CBoxDiff.h"
install -m 644 "$build/libboxdiff.a" "$root/lib/libboxdiff.a"
install -m 755 "$build/libboxdiff.so.$version" "$root/lib/libboxdiff.so.$version"
ln -sf "libboxdiff.so.$version" "$root/lib/libboxdiff.so.$major"
ln -sf "libboxdiff.so.$major" "$root/lib/libboxdiff.so"
install -m 644 "$build/boxdiff.pc" "$root/lib/pkgconfig/boxdiff.pc"
echo "install-c: installed boxdiff $version under $root" >&2
