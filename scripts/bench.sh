#!/usr/bin/env bash
# Builds boxdiff-bench in release and runs the default benchmark suite
# (a few minutes on 2 cores). Arguments, if any, go to boxdiff-bench
# instead of the default suite, e.g.:
#   scripts/bench.sh --count 1000000 --engines core-heckel,floor --json
# except --markdown-out PATH, which runs the default suite and also writes
# the README's benchmark tables (markdown) of its preset and UI-size runs
# to PATH:
#   scripts/bench.sh --markdown-out bench.md
set -euo pipefail
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"

markdown_out=""
if [ "${1:-}" = "--markdown-out" ]; then
    [ "$#" -eq 2 ] || { echo "usage: scripts/bench.sh [--markdown-out PATH | boxdiff-bench arguments]" >&2; exit 2; }
    markdown_out="$(realpath -m "$2")"
    # Checked before the suite runs (it writes the file at the end).
    [ -d "$(dirname "$markdown_out")" ] && [ -w "$(dirname "$markdown_out")" ] ||
        { echo "bench: cannot write $markdown_out (no such directory, or not writable)" >&2; exit 2; }
    set --
fi

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# libxxhash (the core's hash) and pkg-config (how SwiftPM finds it).
if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libxxhash; then
    as_root apt-get update && as_root apt-get install -y libxxhash-dev pkg-config
fi

# BENCH_PACKAGE_DIR: another package with the same targets (e.g. a scratch
# copy); the repository root by default.
cd "${BENCH_PACKAGE_DIR:-$(dirname "${BASH_SOURCE[0]}")/..}"

# BENCH_SCRATCH_PATH: a separate build directory (swift build --scratch-path).
build_args=(-c release)
[ -n "${BENCH_SCRATCH_PATH:-}" ] && build_args+=(--scratch-path "$BENCH_SCRATCH_PATH")
swift build "${build_args[@]}" --product boxdiff-bench
bench="$(swift build "${build_args[@]}" --show-bin-path)/boxdiff-bench"
# The Swift version for the markdown's machine line.
BOXDIFF_BENCH_SWIFT="$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9][0-9.]*\).*/\1/p' | head -n 1)"
export BOXDIFF_BENCH_SWIFT

if [ "$#" -gt 0 ]; then
    exec "$bench" "$@"
fi

# With --markdown-out, the preset runs (those marked md) also append their
# measurements as JSON lines; the table is rendered from them at the end.
jsonl=""
if [ -n "$markdown_out" ]; then
    jsonl="$(mktemp)"
    # Removed on success; kept on failure, with the rounds measured so far
    # (`boxdiff-bench --markdown-from FILE` renders what it holds).
    trap 'status=$?; if [ "$status" -eq 0 ]; then rm -f "$jsonl"; else echo "bench: failed; the measurements so far are in $jsonl" >&2; fi' EXIT
fi

# BENCH_PIN_CPU=N keeps the benchmark's main thread on CPU N (--pin-cpu).
# Not the default: on this 2-vCPU machine a pinned suite was as unsteady
# as a free one (whole processes ran 1.5x slower when their CPU was busy
# outside the VM, and the scheduler could no longer move away).
pin=()
if [ -n "${BENCH_PIN_CPU:-}" ]; then pin=(--pin-cpu "$BENCH_PIN_CPU"); fi

run() {
    echo "\$ boxdiff-bench $* ${pin[*]}"
    "$bench" "$@" "${pin[@]}"
    echo
}

# With --markdown-out, the table presets run in BENCH_PROCESSES rounds
# (default 5), each preset in its own process per round, and the tables
# show for each cell the median over the rounds of each round's fastest
# run (ratios: the median of the rounds'). On this shared 2-vCPU machine
# whole processes, and stretches of a minute or more, run 1.3-1.5x slower
# (the host's other load, which only ever adds time): medians of one
# process per preset moved by more than 10% from suite to suite, and so
# did 5 processes run back to back, when all 5 fell in one slow stretch.
# Rounds spread each cell's processes over the whole suite (see
# Benchmarks/BoxDiffBench/Markdown.swift, merged). Short cells also run
# for at least --min-time (0.25 s) each.
processes="${BENCH_PROCESSES:-5}"
rounds=1
if [ -n "$jsonl" ]; then rounds="$processes"; fi
md() {
    if [ -n "$jsonl" ]; then run "$@" --json-append "$jsonl"; else run "$@"; fi
}

for round in $(seq "$rounds"); do
    if [ "$rounds" -gt 1 ]; then echo "== round $round of $rounds (BENCH_PROCESSES)"; echo; fi
    # Random change mix (10% deletes, 10% inserts, 2% moves, 5% updates), every engine.
    md --preset mix --count 10000,100000,1000000 --runs 11 --check
    # The Box API in one batch per diff (the box-single column).
    md --preset mix --count 10000,100000,1000000 --engines floor,box --batch-mode single --runs 11 --check
    # 1% edits: LCS against Heckel.
    md --preset mix --count 100000 --delete 0.004 --insert 0.004 --move 0.001 --update 0.001 \
        --engines floor,core-heckel,core-lcs,flat --runs 11 --check
    # UI sizes: Box API (old table cached) against the flat API, the core
    # and the floor on the same rows, and the render loop (BoxRenderer over
    # a no-op view) against its bare diff; µs per diff and allocations per
    # diff in a steady loop (Small.swift). 20, 100 and 500 rows in 1 and 5
    # sections, and 10,000 rows in 100 sections.
    md --small 20x1,20x5,100x1,100x5,500x1,500x5,10000x100 --runs 11 --check
    # The same UI sizes with each changeset one batch (the rows ", one batch").
    md --small 20x1,20x5,100x1,100x5,500x1,500x5 --batch-mode single --runs 11 --check
    # Published setups (DifferenceKit's README benchmark) and the easy case.
    # (Runs of tens of µs: many of them, so that medians repeat run to run.)
    md --preset differencekit-5k --runs 51 --check
    md --preset differencekit-100k --runs 11 --check
    md --preset identical --count 100000 --runs 31 --check
    # Worst cases for moves and for LCS.
    md --preset shuffle --count 100000 --engines floor,core-heckel,core-lcs --check
    # Scale: 10 million elements.
    md --preset mix --count 10000000 --engines floor,core-heckel --runs 3
done
# Hash flooding: ids crafted against the former unkeyed slot function (old)
# and against the keyed mixer with key 0 (mix0), against random ids; the
# tables use a random per-workspace key, so all three should cost the same.
run --flood random,old,mix0 --count 100000,1000000 --runs 5

if [ -n "$markdown_out" ]; then
    "$bench" --markdown-from "$jsonl" --markdown-command scripts/bench.sh >"$markdown_out"
    echo "markdown table: $markdown_out" >&2
fi
