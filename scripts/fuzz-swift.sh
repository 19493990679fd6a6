#!/usr/bin/env bash
# Runs the randomized Swift test of the public Box API (random Box pairs,
# random option sets, Int / String / UUID ids and strings equal across
# spellings; every changeset replayed and validated) for SECONDS
# (default 60), printing a progress line every 10 s.
# SEED (optional) fixes the first seed; a failure prints the seed to rerun.
#
#   scripts/fuzz-swift.sh            # 60 s
#   scripts/fuzz-swift.sh 600 12345  # 10 minutes from seed 12345
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"

seconds="${1:-60}"
case "$seconds" in
'' | *[!0-9]*) echo "usage: scripts/fuzz-swift.sh [SECONDS [SEED]]" >&2; exit 2 ;;
esac
bash scripts/install-deps.sh

export BOXDIFF_RANDOMIZED_SECONDS="$seconds"
if [ -n "${2:-}" ]; then export BOXDIFF_RANDOMIZED_SEED="$2"; fi
swift build --build-tests
swift test --skip-build --disable-xctest --filter RandomizedBoxTests
