#!/usr/bin/env bash
# How steady the benchmark is: runs one boxdiff-bench invocation N times
# (separate processes) and prints, per engine and size, the median of each
# run, their min and max and max/min. Two runs of the same code should
# agree within 10%.
#
#   scripts/bench-spread.sh 5 --preset mix --count 100000,1000000 --runs 11
#   BENCH_BIN=/tmp/old-boxdiff-bench scripts/bench-spread.sh 5 --preset mix
#
# BENCH_BIN: the binary to run (default: build boxdiff-bench in release).
# BENCH_BIN may list several binaries separated by ':', run in turn
# (alternating, so load on the machine hits them alike), each with its
# own summary.
set -euo pipefail
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
[ "$#" -ge 1 ] || { echo "usage: scripts/bench-spread.sh N [boxdiff-bench arguments]" >&2; exit 2; }
n="$1"
shift

if [ -z "${BENCH_BIN:-}" ]; then
    cd "$(dirname "${BASH_SOURCE[0]}")/.."
    swift build -c release --product boxdiff-bench >&2
    BENCH_BIN="$(swift build -c release --show-bin-path)/boxdiff-bench"
fi
IFS=: read -r -a bins <<<"$BENCH_BIN"

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
for i in $(seq "$n"); do
    for b in "${!bins[@]}"; do
        # "<engine>@<count> <median seconds>" per measurement; --small lines
        # (one object per case, a median per engine) as
        # "<engine>@<rows>x<sections>[/single] <median seconds>".
        # Its stderr (progress lines) kept aside, and shown if it fails.
        "${bins[$b]}" "$@" --json 2>"$out/stderr" | awk '
            # The value of "key" in a one-line JSON object (a number or a
            # string, unquoted), "" when absent.
            function field(key,    r) {
                if (!match($0, "\"" key "\": *\"?[^,}\"]*")) return ""
                r = substr($0, RSTART, RLENGTH)
                sub(/^"[^"]*": *"?/, "", r)
                return r
            }
            /^\{/ {
                if (field("preset") == "small") {
                    tag = field("count") "x" field("sections") (field("batch_mode") == "single" ? "/single" : "")
                    rest = $0
                    while (match(rest, /"[a-z_]+_median_seconds": *[0-9.eE+-]+/)) {
                        kv = substr(rest, RSTART, RLENGTH)
                        rest = substr(rest, RSTART + RLENGTH)
                        name = kv; sub(/_median_seconds".*/, "", name); sub(/^"/, "", name)
                        value = kv; sub(/^[^:]*: */, "", value)
                        print name "@" tag, value
                    }
                } else if ((m = field("median_seconds")) != "" && m != "null") {
                    print field("engine") "@" field("count"), m
                }
            }' >>"$out/$b" || {
            status=$?
            echo "bench-spread: ${bins[$b]} $* --json failed (exit status $status):" >&2
            grep -v '^progress:' "$out/stderr" >&2 || true
            exit "$status"
        }
    done
done

for b in "${!bins[@]}"; do
    echo "${bins[$b]}: medians of $n runs (ms)"
    awk '{
        k = $1; v = $2 * 1000
        if (!(k in lo) || v < lo[k]) lo[k] = v
        if (v > hi[k]) hi[k] = v
        runs[k] = runs[k] sprintf(" %.4g", v)
        if (!(k in seen)) { seen[k] = 1; order[++count] = k }
    } END {
        for (i = 1; i <= count; i++) {
            k = order[i]
            printf "  %-22s min %9.4g  max %9.4g  max/min %.2f |%s\n", k, lo[k], hi[k], hi[k] / lo[k], runs[k]
        }
    }' "$out/$b"
done
