#!/usr/bin/env bash
# The plain-C install, tested as a user would meet it (scripts/test.sh runs
# this). In a temporary folder:
#  1. scripts/install-c.sh --prefix TMP; app.c built through pkg-config
#     against the shared library (run with LD_LIBRARY_PATH) and, with
#     `pkg-config --static`, statically; both run.
#  2. The shared library exports exactly the functions declared BXD_API in
#     CBoxDiff.h; so does the archive, and so does a shared library built
#     from the sources without -fvisibility=hidden (as SwiftPM builds them).
#  3. smoke.py diffs two lists through the shared library with ctypes,
#     its struct definitions checked against the C layout.
#  4. The same install with --bundled-xxh3: no libxxhash needed, same
#     answers.
#
#   Tests/Install/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

cc="${CC:-cc}"
command -v "$cc" >/dev/null 2>&1 || cc=/opt/swift/usr/bin/clang
export CC="$cc"
header=CSources/CBoxDiff/include/CBoxDiff.h
tmp="$(mktemp -d "${TMPDIR:-/tmp}/bxd-install-test.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

fail() {
    echo "install test: $*" >&2
    exit 1
}

# The function names declared BXD_API in the header, sorted.
sed -n 's/^BXD_API[^(]*[ *]\(bxd_[a-z0-9_]*\)(.*/\1/p' "$header" | sort >"$tmp/header.txt"
[ -s "$tmp/header.txt" ] || fail "no BXD_API declarations found in $header"

# Defined global symbols of a shared library or archive, less the ones
# the linker itself may add.
exported() { # file, nm options...
    local file="$1"
    shift
    nm "$@" --defined-only "$file" | awk 'NF >= 3 { print $NF }' |
        grep -Ev '^(__bss_start|_edata|_end|_init|_fini)$' | sort -u
}
check_exports() { # what, file, nm options...
    local what="$1" file="$2"
    shift 2
    exported "$file" "$@" >"$tmp/exported.txt"
    if ! diff -u "$tmp/header.txt" "$tmp/exported.txt" >"$tmp/exports.diff"; then
        cat "$tmp/exports.diff" >&2
        fail "$what exports other symbols than the header's BXD_API functions (- header, + exported)"
    fi
    echo "install test: $what exports exactly the header's $(wc -l <"$tmp/header.txt") functions" >&2
}

# Installs into prefix $1 (more install-c.sh options after it), then
# builds and runs app.c shared and static, and the ctypes smoke test.
install_and_run() {
    local prefix="$1"
    shift
    bash scripts/install-c.sh --prefix "$prefix" "$@"
    local lib="$prefix/lib"
    [ -f "$lib/libboxdiff.a" ] || fail "no libboxdiff.a"
    [ "$(readlink "$lib/libboxdiff.so")" = "libboxdiff.so.$major" ] || fail "libboxdiff.so link"
    [ "$(readlink "$lib/libboxdiff.so.$major")" = "libboxdiff.so.$version" ] || fail "libboxdiff.so.$major link"
    readelf -d "$lib/libboxdiff.so.$version" | grep -q "SONAME.*\[libboxdiff.so.$major\]" ||
        fail "soname is not libboxdiff.so.$major"

    export PKG_CONFIG_PATH="$lib/pkgconfig"
    [ "$(pkg-config --modversion boxdiff)" = "$version" ] || fail "pkg-config version"

    # shellcheck disable=SC2046
    "$cc" -std=c11 -Wall -Wextra -Werror Tests/Install/app.c \
        $(pkg-config --cflags --libs boxdiff) -o "$tmp/app"
    LD_LIBRARY_PATH="$lib" "$tmp/app" || fail "app (shared) failed"
    readelf -d "$tmp/app" | grep -q "NEEDED.*\[libboxdiff.so.$major\]" ||
        fail "app is not linked against libboxdiff.so.$major"

    # Static: everything from archives (the C library too where it has
    # one; else only boxdiff and its private dependencies).
    # shellcheck disable=SC2046
    if ! "$cc" -std=c11 Tests/Install/app.c $(pkg-config --cflags boxdiff) \
            -static $(pkg-config --static --libs boxdiff) -o "$tmp/app-static" 2>"$tmp/static.log"; then
        # shellcheck disable=SC2046
        "$cc" -std=c11 Tests/Install/app.c $(pkg-config --cflags boxdiff) \
            -Wl,-Bstatic $(pkg-config --static --libs boxdiff) -Wl,-Bdynamic \
            -o "$tmp/app-static" || fail "static link failed"
    fi
    if readelf -d "$tmp/app-static" 2>/dev/null | grep -q "NEEDED.*libboxdiff"; then
        fail "app-static needs libboxdiff.so"
    fi
    env -u LD_LIBRARY_PATH "$tmp/app-static" || fail "app (static) failed"

    check_exports "libboxdiff.so" "$lib/libboxdiff.so.$version" -D
    if [ "$(ar t "$lib/libboxdiff.a")" = "boxdiff.o" ]; then
        check_exports "libboxdiff.a" "$lib/libboxdiff.a" -g
    else
        echo "install test: libboxdiff.a not localized (no objcopy?); not checked" >&2
    fi

    LD_LIBRARY_PATH="$lib" "$tmp/app" --layout >"$tmp/layout.txt"
    python3 Tests/Install/smoke.py "$lib/libboxdiff.so" "$tmp/layout.txt" ||
        fail "smoke.py failed"
}

version_part() { sed -n "s/^#define BXD_VERSION_$1 \([0-9][0-9]*\)\$/\1/p" "$header"; }
major="$(version_part MAJOR)"
version="$major.$(version_part MINOR).$(version_part PATCH)"

echo "== install (system libxxhash when present)" >&2
install_and_run "$tmp/prefix"

echo "== install --bundled-xxh3" >&2
install_and_run "$tmp/prefix-bundled" --bundled-xxh3
grep -q '^Requires.private\|^Libs.private' "$tmp/prefix-bundled/lib/pkgconfig/boxdiff.pc" &&
    fail "bundled build's boxdiff.pc names private dependencies"
if readelf -d "$tmp/prefix-bundled/lib/libboxdiff.so.$version" | grep -q "NEEDED.*xxhash"; then
    fail "bundled build links libxxhash"
fi

# The sources alone (no visibility flag, as SwiftPM compiles them) export
# no internal function either: every one is BXD_HIDDEN or static.
echo "== exports without -fvisibility=hidden" >&2
"$cc" -std=c11 -O1 -fPIC -shared -DBXD_USE_BUNDLED_XXH3 \
    -ICSources/CBoxDiff/include -ICSources/CBoxDiff CSources/CBoxDiff/*.c \
    -o "$tmp/libnoflag.so"
check_exports "a build without -fvisibility=hidden" "$tmp/libnoflag.so" -D

echo "install test passed" >&2
