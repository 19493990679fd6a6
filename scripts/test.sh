#!/usr/bin/env bash
# Runs every BoxDiff test: the Swift tests (unit, property-based, public
# API), the C tests under AddressSanitizer and UndefinedBehaviorSanitizer,
# and the plain-C install (scripts/install-c.sh into a temporary prefix, a
# C program through pkg-config, a Python ctypes smoke test).
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

echo "== C install (pkg-config, shared + static, ctypes)" >&2
bash Tests/Install/run.sh
echo "all tests passed" >&2
