#!/usr/bin/env bash
# Builds and runs the C core's standalone tests (Tests/CTests/test_*.c)
# under AddressSanitizer (with leak detection) and UndefinedBehaviorSanitizer.
# Each test is compiled together with every CSources/CBoxDiff/*.c into a
# temporary folder. Installs nothing: libxxhash-dev must already be present
# (scripts/install-deps.sh). Then, where the compilers are installed, every
# test again as a 32-bit program and test_core big-endian (both below).
#
#   scripts/ctests.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if command -v clang >/dev/null 2>&1; then
    cc=clang
elif [ -x /opt/swift/usr/bin/clang ]; then
    cc=/opt/swift/usr/bin/clang
else
    cc=cc
fi

xxhash_flags="-lxxhash"
if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libxxhash; then
    xxhash_flags="$(pkg-config --cflags --libs libxxhash)"
fi

# BXD_COUNT_PROBES: the core counts hash-table probe steps in the workspace
# (test_keys.c checks that crafted ids cannot pile into one cluster).
cflags=(-std=c11 -Wall -Wextra -Werror -g -O1 -DBXD_COUNT_PROBES
        -fsanitize=address,undefined -fno-sanitize-recover=all
        -ICSources/CBoxDiff/include -ICSources/CBoxDiff)

# ld.gold warns about every ASan-instrumented local symbol; lld (shipped
# with the Swift toolchain's clang) links quietly.
if [ -x "$(dirname "$(command -v "$cc")")/ld.lld" ] || command -v ld.lld >/dev/null 2>&1; then
    cflags+=(-fuse-ld=lld)
fi

# Seconds each test may run (CTESTS_TIMEOUT); each takes a few seconds.
limit="${CTESTS_TIMEOUT:-300}"
out="$(mktemp -d "${TMPDIR:-/tmp}/bxd-ctests.XXXXXX")"
trap 'rm -rf "$out"' EXIT

shopt -s nullglob
tests=(Tests/CTests/test_*.c)
if [ ${#tests[@]} -eq 0 ]; then
    echo "no C tests found in Tests/CTests" >&2
    exit 1
fi

# Every test twice: as built, and with every Heckel middle paired through
# the group table (heckel.c pairs only middles of at least
# BXD_GROUP_TABLE_MIN old ids that way, larger than the tests' lists).
variants=("" "-DBXD_GROUP_TABLE_MIN=1")
failed=0
for variant in "${variants[@]}"; do
    for test in "${tests[@]}"; do
        name="$(basename "$test" .c)"
        echo "== $name${variant:+ ($variant)}" >&2
        # shellcheck disable=SC2086
        if ! "$cc" "${cflags[@]}" $variant "$test" CSources/CBoxDiff/*.c $xxhash_flags \
                -o "$out/$name"; then
            echo "$name: build failed" >&2
            failed=1
            continue
        fi
        # A time limit: a core that loops (a hash table let fill up, say)
        # fails instead of hanging. The output is kept (the 32-bit run
        # below compares test_xxh3's digest with this one).
        if ! ASAN_OPTIONS="detect_leaks=1:halt_on_error=1" \
             UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1" timeout "$limit" "$out/$name" \
                >"$out/$name${variant:+.group}.log"; then
            cat "$out/$name${variant:+.group}.log"
            echo "$name${variant:+ ($variant)}: FAILED" >&2
            failed=1
        else
            cat "$out/$name${variant:+.group}.log"
        fi
    done
done

# 32-bit: every test again as an i386 program (gcc -m32, ASan + UBSan), for
# the core as watchOS devices run it (arm64_32, armv7k: 32-bit size_t and
# pointers), in both variants, when gcc can build one (Debian:
# gcc-12-multilib; skipped otherwise). Not the gcc-multilib package: it
# conflicts with the s390x cross compiler below, and it only adds the
# /usr/include/asm link that the -isystem folder here gives. The core's own
# XXH3 (no 32-bit libxxhash): test_xxh3 there compares nothing, and its
# digest of the core's hashes must equal the one the run above printed,
# where every hash matched libxxhash's.
m32_include="$out/m32-include"
mkdir -p "$m32_include"
ln -s /usr/include/x86_64-linux-gnu/asm "$m32_include/asm"
m32_flags=(-m32 -isystem "$m32_include" -std=c11 -Wall -Wextra -Werror -g -O1 -DBXD_COUNT_PROBES
           -DBXD_USE_BUNDLED_XXH3 -DBXD_TEST_WITHOUT_LIBXXHASH -fsanitize=address,undefined
           -fno-sanitize-recover=all -ICSources/CBoxDiff/include -ICSources/CBoxDiff)
if command -v gcc >/dev/null 2>&1 &&
    printf '#include <errno.h>\nint main(void) { return errno; }\n' |
    gcc "${m32_flags[@]}" -x c - -o "$out/m32-probe" 2>/dev/null && "$out/m32-probe"; then
    for variant in "${variants[@]}"; do
        for test in "${tests[@]}"; do
            name="$(basename "$test" .c)"
            echo "== $name, 32-bit${variant:+ ($variant)}" >&2
            # shellcheck disable=SC2086
            if ! gcc "${m32_flags[@]}" $variant "$test" CSources/CBoxDiff/*.c -o "$out/${name}_m32"; then
                echo "$name, 32-bit: build failed" >&2
                failed=1
                continue
            fi
            log="$out/${name}_m32${variant:+.group}.log"
            if ! ASAN_OPTIONS="detect_leaks=1:halt_on_error=1" \
                 UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1" timeout "$limit" "$out/${name}_m32" >"$log"; then
                cat "$log"
                echo "$name, 32-bit${variant:+ ($variant)}: FAILED" >&2
                failed=1
            else
                cat "$log"
            fi
        done
    done
    expected="$(grep '^xxh3 digest:' "$out/test_xxh3.log" || true)"
    got="$(grep '^xxh3 digest:' "$out/test_xxh3_m32.log" || true)"
    if [ -z "$expected" ] || [ "$expected" != "$got" ]; then
        echo "test_xxh3, 32-bit: the core's hashes differ from the 64-bit run's (${got:-none} against ${expected:-none})" >&2
        failed=1
    else
        echo "== test_xxh3, 32-bit: the core's hashes equal the 64-bit run's (${got#xxh3 digest: })" >&2
    fi
else
    echo "== 32-bit run skipped (gcc -m32 cannot build with ASan; Debian: gcc-12-multilib)" >&2
fi

# Big-endian: test_core again on s390x, in both variants, when a cross
# compiler and qemu-user are installed (Debian: gcc-s390x-linux-gnu
# libc6-dev-s390x-cross qemu-user; skipped otherwise). UBSan only, and the core's own XXH3 (no
# libxxhash for s390x). The slot-group table read its control bytes in the
# host's order and crashed there.
if command -v s390x-linux-gnu-gcc >/dev/null 2>&1 && command -v qemu-s390x >/dev/null 2>&1; then
    for variant in "${variants[@]}"; do
        echo "== test_core on s390x${variant:+ ($variant)}" >&2
        # shellcheck disable=SC2086
        if ! s390x-linux-gnu-gcc -std=c11 -Wall -Wextra -Werror -g -O1 -DBXD_COUNT_PROBES \
                -DBXD_USE_BUNDLED_XXH3 $variant -fsanitize=undefined -fno-sanitize-recover=all \
                -static-libubsan -ICSources/CBoxDiff/include -ICSources/CBoxDiff \
                Tests/CTests/test_core.c CSources/CBoxDiff/*.c -o "$out/test_core_s390x"; then
            echo "test_core on s390x: build failed" >&2
            failed=1
        elif ! UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1" \
                timeout "$limit" qemu-s390x -L /usr/s390x-linux-gnu "$out/test_core_s390x"; then
            echo "test_core on s390x${variant:+ ($variant)}: FAILED" >&2
            failed=1
        fi
    done
else
    echo "== big-endian run skipped (no s390x-linux-gnu-gcc and qemu-s390x)" >&2
fi

if [ "$failed" -ne 0 ]; then
    echo "C tests failed" >&2
    exit 1
fi
echo "C tests passed" >&2
