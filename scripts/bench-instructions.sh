#!/usr/bin/env bash
# Instructions per diff at UI sizes, counted by callgrind: exact and
# repeatable run to run, unlike times. Builds boxdiff-bench in release,
# runs `boxdiff-bench --small CASES --instructions` under
# `valgrind --tool=callgrind` (each engine's steady loop is bracketed by
# callgrind client requests, see Small.swift), and prints instructions per
# diff of each engine per case, as a table and as markdown.
#
#   scripts/bench-instructions.sh                 # 20x1,20x5,100x1,100x5,500x1,500x5
#   scripts/bench-instructions.sh 20x1,500x10
#
# BENCH_ARGS: further boxdiff-bench options, e.g. the change mix
# ("--delete 0 --insert 0 --move 0 --update 0.05": one update in 20 rows).
# BENCH_ITERATIONS: diffs per counted loop (default 100, even). A count
# includes the loop's bracket (a few hundred instructions in all, so a few
# per diff at 100 diffs).
#
# Engines: box (Box API, old table cached, new Box hashed), flat (flat API),
# core (C core, Heckel, pre-hashed ids), floor (hash join), diff (the old
# and new Box diffed in turn, both tables cached), render (BoxRenderer
# rendering them in turn over a no-op list view) and sectioned
# (DifferenceKit's call, StagedChangeset(source:target:), over the same
# rows as [ArraySection]s).
#
# BENCH_CACHE_SIM=1: also simulate this machine's caches per core
# (callgrind --cache-sim with its 32 KiB, 8-way first-level data cache and
# its 1 MiB, 8-way second level as the last level, as
# /sys/devices/system/cpu/cpu0/cache reports them) and print, per diff,
# each engine's first- and second-level data misses: repeatable, unlike
# times, for lists too large for the second level (e.g. 100000x100).
# BENCH_BRANCH_SIM=1: also simulate branch prediction (callgrind
# --branch-sim) and print each engine's mispredicted branches per diff
# (conditional and indirect). Both are models, not clocks: a diff that runs
# the same instructions can take longer for its mispredictions (each costs
# tens of instructions' time) or for misses that do not overlap.
#
# BENCH_ATOMICS=1: also count, per diff, the atomic read-modify-write
# instructions (x86 `lock`-prefixed) that each engine runs in the Swift
# runtime (libswiftCore: reference counts, in swift_retain, swift_release
# and their kin; the C core has none). Each costs about 7 ns on the EPYC
# host of 2026-11-25 against well under 1 ns for a plain instruction, so at
# UI sizes these few hundred instructions are most of a Box diff's time:
# a ratio of instructions can understate a ratio of times.
#
# Determinism: SWIFT_DETERMINISTIC_HASHING=1 fixes Swift's hash seed and
# --instructions fixes the C core's table keys (getrandom, steady.c).
set -euo pipefail
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"

cases="${1:-20x1,20x5,100x1,100x5,500x1,500x5}"
iterations="${BENCH_ITERATIONS:-100}"
read -r -a extra_args <<<"${BENCH_ARGS:-}"
cache_args=()
[ "${BENCH_CACHE_SIM:-0}" = 1 ] && cache_args=(--cache-sim=yes --D1=32768,8,64 --LL=1048576,8,64)
[ "${BENCH_BRANCH_SIM:-0}" = 1 ] && cache_args+=(--branch-sim=yes)
atomics="${BENCH_ATOMICS:-0}"
# Counted per instruction address, absolute and uncompressed, so that awk
# reads them back.
[ "$atomics" = 1 ] && cache_args+=(--dump-instr=yes --dump-line=no --compress-pos=no --compress-strings=no)
command -v valgrind >/dev/null 2>&1 || { echo "bench-instructions: valgrind not found (apt-get install valgrind)" >&2; exit 2; }

cd "$(dirname "${BASH_SOURCE[0]}")/.."
build_args=(-c release)
[ -n "${BENCH_SCRATCH_PATH:-}" ] && build_args+=(--scratch-path "$BENCH_SCRATCH_PATH")
swift build "${build_args[@]}" --product boxdiff-bench >&2
bin="$(swift build "${build_args[@]}" --show-bin-path)/boxdiff-bench"

# A path of one length and a fixed environment: the counts moved with the
# stack's layout, which the program's path, its arguments and its
# environment set (the floor at 20x1 counted 1,213 instructions a diff
# run from a TMPDIR with a space in it, 1,206 from /tmp: found by review,
# 2026-12-03).
work="$(mktemp -d /tmp/bench-instructions.XXXXXX)"
valgrind_bin="$(command -v valgrind)"
trap 'rm -rf "$work"' EXIT
# valgrind 3.19 rejects the Swift 6.3 binary's DWARF ("Possibly corrupted
# debuginfo file"): count a copy without debug info.
cp "$bin" "$work/boxdiff-bench"
strip --strip-debug "$work/boxdiff-bench"
lock_addresses="$work/locks"
if [ "$atomics" = 1 ]; then
    command -v objdump >/dev/null 2>&1 || { echo "bench-instructions: BENCH_ATOMICS=1 needs objdump" >&2; exit 2; }
    core_lib="$(ldd "$work/boxdiff-bench" | awk '/libswiftCore\.so/ { print $3; exit }')"
    [ -n "$core_lib" ] || { echo "bench-instructions: libswiftCore.so not found by ldd" >&2; exit 2; }
    # The addresses of the library's lock-prefixed instructions, as
    # callgrind reports a shared object's (offsets from its start).
    objdump -d --no-show-raw-insn "$core_lib" | awk '$2 == "lock" { sub(":", "", $1); print "0x" $1 }' >"$lock_addresses"
fi
# One process per case, so that a case's counts do not depend on which
# cases ran before it (the heap's history).
IFS=, read -r -a case_list <<<"$cases"
for c in "${case_list[@]}"; do
    (
        cd "$work"
        env -i PATH=/usr/bin:/bin HOME=/ SWIFT_DETERMINISTIC_HASHING=1 "$valgrind_bin" --tool=callgrind "${cache_args[@]}" --callgrind-out-file="$work/cg.$c.out" \
            ./boxdiff-bench --small "$c" --instructions --iterations "$iterations" "${extra_args[@]}" >"$work/log" 2>&1 ||
            { cat "$work/log" >&2; exit 1; }
    )
done

# Atomics of each dump: the executions of libswiftCore's lock-prefixed
# instructions ("<engine> <case> <atomics per diff>").
: >"$work/atomics"
if [ "$atomics" = 1 ]; then
    for f in "$work"/cg.*.out.*; do
        awk 'FNR == NR { lock[$1] = 1; next }
             /^desc: Trigger: Client Request: / { label = $5 " " $6; iterations = $7 }
             /^ob=/ { object = $0; next }
             /^calls=/ { skip = 1; next }
             /^0x/ {
                 if (skip) { skip = 0; next }
                 if (object ~ /libswiftCore/ && ($1 in lock)) n += $2
             }
             END { if (label != "") print label, n / iterations }' "$lock_addresses" "$f"
    done >"$work/atomics"
fi

# Each dump: "desc: Trigger: Client Request: <engine> <case> <iterations>",
# "events: Ir ..." and "summary: <count per event>"; printed as
# "<engine> <case> <iterations> <Ir> <D1 misses> <last-level misses>
# <mispredicted branches>".
for f in "$work"/cg.*.out.*; do
    awk '/^desc: Trigger: Client Request: / { label = $5 " " $6 " " $7 }
         /^events: / { for (k = 2; k <= NF; k++) column[$k] = k }
         /^summary: / {
             if (label == "") next
             d1 = ("D1mr" in column) ? $column["D1mr"] + $column["D1mw"] : 0
             ll = ("DLmr" in column) ? $column["DLmr"] + $column["DLmw"] : 0
             bm = ("Bcm" in column) ? $column["Bcm"] + $column["Bim"] : 0
             print label, $2, d1, ll, bm
         }' "$f"
done | awk -v cases="$cases" -v cache="${BENCH_CACHE_SIM:-0}" -v branch="${BENCH_BRANCH_SIM:-0}" \
    -v atomics="$atomics" -v atomics_file="$work/atomics" '
    BEGIN { while ((getline line < atomics_file) > 0) { split(line, f, " "); at[f[2], f[1]] = f[3] } }
    {
        engine = $1; c = $2; per[c, engine] = $4 / $3
        d1[c, engine] = $5 / $3; ll[c, engine] = $6 / $3; bm[c, engine] = $7 / $3
    }
    END {
        n = split(cases, order, ",")
        for (i = 1; i <= n; i++) if (order[i] !~ /x/) order[i] = order[i] "x1"
        printf "instructions per diff (callgrind, Ir)\n"
        printf "%-10s %10s %10s %10s %10s %10s %10s %10s %9s %9s %9s\n", "case", "box", "flat", "core", "floor",
            "diff", "render", "sectioned", "box/flat", "rend/diff", "sect/box"
        for (i = 1; i <= n; i++) {
            c = order[i]
            printf "%-10s %10.1f %10.1f %10.1f %10.1f %10.1f %10.1f %10.1f %9s %9s %9s\n", c, per[c, "box"],
                per[c, "flat"], per[c, "core-heckel"], per[c, "floor"], per[c, "diff"], per[c, "render"],
                per[c, "sectioned"], sprintf("x%.2f", per[c, "box"] / per[c, "flat"]),
                sprintf("x%.2f", per[c, "render"] / per[c, "diff"]), sprintf("x%.2f", per[c, "sectioned"] / per[c, "box"])
        }
        printf "\n| Rows x sections | box | flat | core-heckel | floor | box/flat | render | render/diff | sectioned | sectioned/box |\n"
        printf "|---|---|---|---|---|---|---|---|---|---|\n"
        for (i = 1; i <= n; i++) {
            c = order[i]
            printf "| %s | %.0f | %.0f | %.0f | %.0f | ×%.2f | %.0f | ×%.2f | %.0f | ×%.2f |\n", c, per[c, "box"],
                per[c, "flat"], per[c, "core-heckel"], per[c, "floor"], per[c, "box"] / per[c, "flat"], per[c, "render"],
                per[c, "render"] / per[c, "diff"], per[c, "sectioned"], per[c, "sectioned"] / per[c, "box"]
        }
        if (atomics == 1) {
            printf "\nAtomic instructions per diff (libswiftCore, lock-prefixed: reference counts)\n\n"
            printf "| Rows x sections | box | flat | diff | render | sectioned | box/flat | render/diff |\n"
            printf "|---|---|---|---|---|---|---|---|\n"
            for (i = 1; i <= n; i++) {
                c = order[i]
                printf "| %s | %.0f | %.0f | %.0f | %.0f | %.0f | ×%.2f | ×%.2f |\n", c, at[c, "box"], at[c, "flat"],
                    at[c, "diff"], at[c, "render"], at[c, "sectioned"],
                    (at[c, "flat"] > 0 ? at[c, "box"] / at[c, "flat"] : 0),
                    (at[c, "diff"] > 0 ? at[c, "render"] / at[c, "diff"] : 0)
            }
        }
        if (cache != 1 && branch != 1) exit
        printf "\nSimulated per diff (callgrind:%s%s)\n\n", cache == 1 ? " 32 KiB D1 and 1 MiB second-level data caches" : "",
            branch == 1 ? (cache == 1 ? ", branch prediction" : " branch prediction") : ""
        printf "| Rows x sections | engine | instructions | D1 misses | L2 misses | mispredicted branches |\n"
        printf "|---|---|---|---|---|---|\n"
        m = split("box flat core-heckel floor diff render sectioned", engines, " ")
        for (i = 1; i <= n; i++)
            for (e = 1; e <= m; e++) {
                c = order[i]; name = engines[e]
                printf "| %s | %s | %.0f | %s | %s | %s |\n", c, name, per[c, name],
                    cache == 1 ? sprintf("%.0f", d1[c, name]) : "-", cache == 1 ? sprintf("%.0f", ll[c, name]) : "-",
                    branch == 1 ? sprintf("%.0f", bm[c, name]) : "-"
            }
    }'
