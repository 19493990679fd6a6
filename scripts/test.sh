#!/usr/bin/env bash
# Runs every BoxDiff test: the Swift tests (unit, property-based, public
# API) and the C tests under AddressSanitizer and UndefinedBehaviorSanitizer.
# Installs libxxhash-dev first when it is missing.
#
#   scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"

bash scripts/install-deps.sh

echo "== Swift tests" >&2
swift build --build-tests
swift test --skip-build

echo "== C tests (ASan + UBSan)" >&2
bash scripts/ctests.sh
echo "all tests passed" >&2
