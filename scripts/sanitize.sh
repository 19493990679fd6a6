#!/usr/bin/env bash
# The Swift tests (which drive the C core) under AddressSanitizer and
# UndefinedBehaviorSanitizer, and the concurrency test under ThreadSanitizer.
# Each sanitizer builds in its own folder (.build-<sanitizer>) so the normal
# build is left alone.
#
#   scripts/sanitize.sh            # all three
#   scripts/sanitize.sh address    # just one
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
bash scripts/install-deps.sh

# The tests use Swift Testing only: --disable-xctest skips the empty XCTest
# pass, whose runner (libXCTest) leaks a few objects at exit that
# LeakSanitizer would report.
sanitizers=("${@:-address undefined thread}")
for sanitizer in ${sanitizers[@]}; do
    scratch=".build-$sanitizer"
    echo "== swift test --sanitize=$sanitizer" >&2
    swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch"
    if [ "$sanitizer" = thread ]; then
        # TSan: the test that runs many diffs concurrently.
        TSAN_OPTIONS="halt_on_error=1" swift test --skip-build --sanitize=thread \
            --scratch-path "$scratch" --disable-xctest --filter ConcurrentDiffTests
    else
        ASAN_OPTIONS="detect_leaks=1:halt_on_error=1" UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1" \
            swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" --disable-xctest
    fi
done
echo "sanitizer runs passed" >&2
