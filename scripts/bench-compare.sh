#!/usr/bin/env bash
# Whether two benchmark suites agree: compares two markdown files written by
# `scripts/bench.sh --markdown-out` cell by cell and prints every cell more
# than 10% apart (or LIMIT percent), then a summary line for the times and
# one for the ratios measured within each process (the "(×…)" ratios to the
# floor, and box/flat, box/floor and render/diff).
#
#   scripts/bench-compare.sh before.md after.md [LIMIT]
#
# Why both: on a shared host whole stretches of a suite run slower, and the
# floor itself moves with them (a hash join of the same ids, mix 1M 30.1
# against 33.5 ms in two suites of one build); a ratio is measured in the
# same process as its floor, so it cancels that drift. Allocation counts
# are left out (they are exact). Exits 1 when a cell is past the limit, 2
# when a file cannot be read or holds no table.
set -euo pipefail
[ "$#" -ge 2 ] || { echo "usage: scripts/bench-compare.sh A.md B.md [LIMIT]" >&2; exit 2; }
exec python3 - "$1" "$2" "${3:-10}" <<'PY'
import re
import sys

UNITS = {"µs": 1e-3, "ms": 1.0, "s": 1e3}
RATIO_COLUMNS = ("box/flat", "box/floor", "render/diff")


def tables(path):
    """Rows of every table, keyed by (header, first cell)."""
    rows, header = {}, None
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.startswith("|") or line.startswith("|---"):
                if not line.startswith("|"):
                    header = None
                continue
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if header is None:
                header = cells
                continue
            rows[(header[0], cells[0])] = (header, cells[1:])
    return rows


def time_of(cell):
    m = re.match(r"([\d.]+)\s*(µs|ms|s)\b", cell)
    if m:
        return float(m.group(1)) * UNITS[m.group(2)]
    m = re.fullmatch(r"([\d.]+)", cell)  # UI sizes: µs without a unit
    return float(m.group(1)) if m else None


def ratio_of(cell, column):
    m = re.search(r"\(×([\d.]+)\)", cell)
    if m is None and column in RATIO_COLUMNS:
        m = re.fullmatch(r"×([\d.]+)", cell)
    return float(m.group(1)) if m else None


try:
    limit = float(sys.argv[3]) / 100
    a, b = tables(sys.argv[1]), tables(sys.argv[2])
except (OSError, UnicodeDecodeError, ValueError) as error:
    print(f"bench-compare: {error}", file=sys.stderr)
    sys.exit(2)
if not a or not b:
    print(f"bench-compare: no table in {sys.argv[1] if not a else sys.argv[2]}", file=sys.stderr)
    sys.exit(2)
gaps = {"time": [], "ratio": []}
for key, (header, cells) in a.items():
    if key not in b:
        continue
    for i, (x, y) in enumerate(zip(cells, b[key][1])):
        column = header[i + 1] if i + 1 < len(header) else str(i)
        if "allocations" in column:
            continue
        for kind, read in (("ratio", lambda c: ratio_of(c, column)), ("time", time_of)):
            if kind == "time" and column in RATIO_COLUMNS:
                continue
            vx, vy = read(x), read(y)
            if not vx or not vy:
                continue
            gap = vy / vx - 1
            gaps[kind].append(abs(gap))
            if abs(gap) > limit:
                print(f"{kind:5}  {key[1]} / {column}: {x} -> {y} ({gap:+.1%})")
failed = False
for kind in ("time", "ratio"):
    g = sorted(gaps[kind])
    if not g:
        continue
    over = sum(x > limit for x in g)
    failed |= over > 0
    print(f"{kind}s: {len(g)} cells, {over} more than {limit:.0%} apart, "
          f"widest {g[-1]:.1%}, median {g[len(g) // 2]:.1%}")
sys.exit(1 if failed else 0)
PY
