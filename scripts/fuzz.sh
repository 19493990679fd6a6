#!/usr/bin/env bash
# Builds the libFuzzer targets in Tests/Fuzz (fuzz_*.c) with ASan + UBSan and
# runs each for SECONDS (default 60). Each target works on its own copy of
# its seed corpus (.build-fuzz/corpus-<target>, seeded from
# Tests/Fuzz/corpus/<target>); crashing inputs are kept as
# fuzz-findings/<target>-crash-*. Exits non-zero on any finding.
# Installs nothing: libxxhash-dev must already be present.
#
#   scripts/fuzz.sh          # 60 s per target
#   scripts/fuzz.sh 300      # 5 minutes per target
#   BXD_FUZZ_CFLAGS=-DBXD_GROUP_TABLE_MIN=1 scripts/fuzz.sh 15
#                            # extra compiler flags for the targets (here:
#                            # every Heckel middle through the group table)
#
# Reproduce a finding: .build-fuzz/fuzz_<target> fuzz-findings/<file>
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
case "$seconds" in
'' | *[!0-9]*) echo "usage: scripts/fuzz.sh [SECONDS]" >&2; exit 2 ;;
esac

# A clang whose runtime has libFuzzer: the one on PATH if it links
# -fsanitize=fuzzer, else the Swift toolchain's.
supports_fuzzer() {
    local probe
    probe="$(mktemp -d "${TMPDIR:-/tmp}/bxd-fuzz-probe.XXXXXX")"
    printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long s) { (void)d; (void)s; return 0; }\n' \
        >"$probe/p.c"
    local ok=1
    "$1" -fsanitize=fuzzer "$probe/p.c" -o "$probe/p" >/dev/null 2>&1 || ok=0
    rm -rf "$probe"
    [ "$ok" -eq 1 ]
}
cc=""
if command -v clang >/dev/null 2>&1 && supports_fuzzer clang; then
    cc=clang
elif [ -x /opt/swift/usr/bin/clang ] && supports_fuzzer /opt/swift/usr/bin/clang; then
    cc=/opt/swift/usr/bin/clang
else
    echo "no clang with libFuzzer support found" >&2
    exit 1
fi

# lld (shipped with the Swift toolchain's clang) links without ld.gold's
# warning for every ASan-instrumented local symbol.
ld_flags=""
if [ -x "$(dirname "$(command -v "$cc")")/ld.lld" ] || command -v ld.lld >/dev/null 2>&1; then
    ld_flags="-fuse-ld=lld"
fi

xxhash_flags="-lxxhash"
if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libxxhash; then
    xxhash_flags="$(pkg-config --cflags --libs libxxhash)"
fi

out=.build-fuzz
findings=fuzz-findings
mkdir -p "$out" "$findings"

status=0
summary=()
for src in Tests/Fuzz/fuzz_*.c; do
    target="$(basename "$src" .c)"
    short="${target#fuzz_}"
    echo "== $target: build" >&2
    # shellcheck disable=SC2086
    "$cc" -std=c11 -Wall -Wextra -Werror -g -O1 ${BXD_FUZZ_CFLAGS:-} \
        -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
        -ICSources/CBoxDiff/include "$src" CSources/CBoxDiff/*.c \
        $ld_flags $xxhash_flags -o "$out/$target"

    corpus="$out/corpus-$short"
    mkdir -p "$corpus"
    if [ -d "Tests/Fuzz/corpus/$short" ]; then
        cp -n "Tests/Fuzz/corpus/$short"/* "$corpus"/ 2>/dev/null || true
    fi
    log="$out/$target.log"
    echo "== $target: fuzzing for ${seconds}s" >&2
    rc=0
    ASAN_OPTIONS="detect_leaks=1:halt_on_error=1" \
    UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1" \
        "$out/$target" "$corpus" -max_total_time="$seconds" \
        -artifact_prefix="$findings/$short-" -print_final_stats=1 \
        >"$log" 2>&1 || rc=$?
    runs="$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' | tail -1 || true)"
    cov="$(grep -E '^#[0-9]+.*cov:' "$log" | tail -1 || true)"
    if [ "$rc" -ne 0 ]; then
        status=1
        echo "$target: FINDING (exit $rc); see $log" >&2
        grep -E 'ERROR|SUMMARY|Test unit written' "$log" | head -5 >&2 || true
        summary+=("$target: FAILED (exit $rc) after ${runs:-?} executions")
    else
        summary+=("$target: ${runs:-?} executions; $cov")
    fi
done

echo "== summary"
for line in "${summary[@]}"; do echo "$line"; done
if [ "$status" -ne 0 ]; then
    echo "fuzzing found problems (inputs in $findings/)" >&2
    exit 1
fi
echo "no findings" >&2
