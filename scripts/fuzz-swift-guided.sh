#!/usr/bin/env bash
# Coverage-guided fuzzing of the Swift layer: builds the libFuzzer target
# Tests/SwiftFuzz (the public Box API and BoxRenderer over a simulated
# UIKit view, on Box pairs decoded from the fuzzer's bytes) with ASan, and
# runs each of its three modes for SECONDS (default 60), printing a
# progress line every 10 s: `box` (Box pairs, options and render scripts
# decoded from the input: every changeset replayed and validated, every
# render checked on the simulated view), `calls` (hand-made changesets
# that need not add up: every API that takes one must answer without
# stopping the program) and `background` (the box mode with some of the
# scripted renders made by `renderInBackground`, the main run loop turned
# for them; without libFuzzer's leak check). Each mode's corpus grows in
# .build-swiftfuzz/corpus-MODE (seeded from Tests/Fuzz/corpus/swift-MODE,
# the background mode's from swift-box too, past findings among them); an
# input that finds a problem is kept as
# fuzz-findings/swift-MODE-crash-*. Exits non-zero on any finding.
#
# (scripts/fuzz-swift.sh is the other Swift fuzzer: the seeded randomized
# test of the public API, without coverage guidance; scripts/fuzz.sh
# fuzzes the C core.)
#
#   scripts/fuzz-swift-guided.sh          # 60 s per mode
#   scripts/fuzz-swift-guided.sh 1800     # 30 minutes per mode
#   BOXDIFF_FUZZ_MODES=background scripts/fuzz-swift-guided.sh 600
#                                         # one mode (or several, in order)
#   BOXDIFF_FUZZ_CONFIG=release scripts/fuzz-swift-guided.sh 600
#                                         # built -O, as apps ship the
#                                         # library (about twice the
#                                         # executions a second; debug,
#                                         # the default, also checks the
#                                         # library's assert()s)
#
# Reproduce a finding (prints what is wrong and the decoded Boxes):
#   BOXDIFF_FUZZ_MODE=MODE SWIFT_BACKTRACE=enable=no .build-swiftfuzz/CONFIG/boxdiff-fuzz fuzz-findings/<file>
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"

seconds="${1:-60}"
case "$seconds" in
'' | *[!0-9]*) echo "usage: scripts/fuzz-swift-guided.sh [SECONDS]" >&2; exit 2 ;;
esac
bash scripts/install-deps.sh

out=.build-swiftfuzz
findings=fuzz-findings
mkdir -p "$findings"
config="${BOXDIFF_FUZZ_CONFIG:-debug}"
case "$config" in
debug | release) ;;
*) echo "BOXDIFF_FUZZ_CONFIG: debug or release, got '$config'" >&2; exit 2 ;;
esac
# BOXDIFF_FUZZ_MODES: the modes to run, in order (all three by default).
read -r -a modes <<<"${BOXDIFF_FUZZ_MODES:-box calls background}"
[ "${#modes[@]}" -gt 0 ] || { echo "BOXDIFF_FUZZ_MODES: no mode given" >&2; exit 2; }
for mode in "${modes[@]}"; do
    case "$mode" in
    box | calls | background) ;;
    *) echo "BOXDIFF_FUZZ_MODES: box, calls or background, got '$mode'" >&2; exit 2 ;;
    esac
done
echo "== boxdiff-fuzz: build ($config, -sanitize=fuzzer,address)" >&2
# BOXDIFF_FUZZ adds the target (Package.swift). `--sanitize fuzzer` makes
# SwiftPM link libFuzzer's main instead of the target's; the sanitizers
# themselves go in one -sanitize flag, because SwiftPM passes its
# --sanitize values to swiftc as separate flags, in no fixed order, and
# the compiler kept only the last one: a build had either no ASan in the
# Swift code or no coverage (libFuzzer then saw only the C core's few
# hundred edges). ld.gold warns of every ASan-instrumented local symbol
# ("Cannot export local symbol"), thousands of lines: left out.
BOXDIFF_FUZZ=1 swift build -c "$config" --scratch-path "$out" --product boxdiff-fuzz \
    --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=address 2>&1 |
    { grep -v "Cannot export local symbol" >&2 || true; }
binary="$out/$config/boxdiff-fuzz"

# Each mode on its own corpus, seeded from Tests/Fuzz/corpus/swift-<mode>:
# `box` (diffs of decoded Box pairs, renders), `calls` (hand-made
# changesets: CallsFuzz.swift) and `background` (the box mode's inputs,
# some renders in the background). Inputs up to 512 bytes from the start
# (-len_control=0): enough for the largest Boxes the harness decodes;
# 1,024 in the background mode, whose bytes come after those.
status=0
summary=()
for mode in "${modes[@]}"; do
    corpus="$out/corpus-$mode"
    mkdir -p "$corpus"
    # The background mode reads the box mode's inputs (and a few bytes
    # more): it starts from that corpus too, and from its own findings.
    cp -n "Tests/Fuzz/corpus/swift-$mode"/* "$corpus"/ 2>/dev/null || true
    [ "$mode" = background ] && { cp -n Tests/Fuzz/corpus/swift-box/* "$corpus"/ 2>/dev/null || true; }
    # Its bytes come after the box mode's: room for them past the
    # largest Boxes and render scripts.
    max_len=512
    [ "$mode" = background ] && max_len=1024
    # libFuzzer's per-input leak check runs when an input's mallocs and
    # frees do not balance; background renders free on other threads,
    # after their input, so it would scan the heap after most inputs:
    # off in that mode (the box mode keeps it).
    leaks=1
    [ "$mode" = background ] && leaks=0
    log="$out/boxdiff-fuzz-$mode.log"
    echo "== boxdiff-fuzz ($mode): fuzzing for ${seconds}s (log: $log)" >&2
    # Swift's own crash handler would take a failing input's signal before
    # libFuzzer (and reads memory that ASan then reports): off.
    BOXDIFF_FUZZ_MODE="$mode" SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=$leaks:halt_on_error=1" \
        "$binary" "$corpus" -max_total_time="$seconds" -max_len="$max_len" -len_control=0 \
        -artifact_prefix="$findings/swift-$mode-" -print_final_stats=1 >"$log" 2>&1 &
    pid=$!
    while kill -0 "$pid" 2>/dev/null; do
        for _ in 1 2 3 4 5 6 7 8 9 10; do
            sleep 1
            kill -0 "$pid" 2>/dev/null || break
        done
        if kill -0 "$pid" 2>/dev/null; then
            line="$(grep -E '^#[0-9]+' "$log" | tail -1 || true)"
            echo "boxdiff-fuzz ($mode): ${line:-starting}" >&2
        fi
    done
    rc=0
    wait "$pid" || rc=$?
    runs="$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' | tail -1 || true)"
    if [ "$rc" -ne 0 ]; then
        status=1
        echo "boxdiff-fuzz ($mode): FINDING (exit $rc) after ${runs:-?} executions; see $log" >&2
        grep -E 'Fatal error|  - |ERROR|SUMMARY|Test unit written' "$log" | head -12 >&2 || true
        summary+=("$mode: FAILED (exit $rc) after ${runs:-?} executions")
        continue
    fi
    last="$(grep -E '^#[0-9]+.*cov:' "$log" | tail -1 || true)"
    # A build whose Swift modules lack libFuzzer's instrumentation still
    # runs, guided by the C core's few hundred edges alone (see the build
    # above): refuse it.
    cov="$(printf '%s\n' "$last" | grep -Eo 'cov: [0-9]+' | grep -Eo '[0-9]+' || echo 0)"
    if [ "$cov" -lt 2000 ]; then
        status=1
        summary+=("$mode: only $cov edges covered: the Swift modules are not instrumented")
        continue
    fi
    summary+=("$mode: ${runs:-?} executions; $last")
done
echo "== summary"
for line in "${summary[@]}"; do echo "$line"; done
if [ "$status" -ne 0 ]; then
    echo "fuzzing the Swift layer found problems (inputs in $findings/)" >&2
    exit 1
fi
echo "no findings" >&2
