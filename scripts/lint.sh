#!/usr/bin/env bash
# Checks the Swift sources' formatting against .swift-format (the
# toolchain's `swift format`); `scripts/lint.sh --fix` rewrites them.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
paths=(Package.swift Sources Tests Benchmarks scripts)
if [ "${1:-}" = "--fix" ]; then
    swift format format --in-place --recursive "${paths[@]}"
fi
swift format lint --strict --recursive "${paths[@]}"
echo "swift format lint: clean" >&2
