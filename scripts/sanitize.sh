#!/usr/bin/env bash
# The Swift tests (which drive the C core) under AddressSanitizer with
# UndefinedBehaviorSanitizer, and the concurrency test under
# ThreadSanitizer. Each run builds in its own folder (.build-<name>) so the
# normal build is left alone.
#
# swiftc has no `-sanitize=undefined` on Linux (Swift code traps on
# overflow and out-of-bounds access by itself), so UBSan instruments the C
# core: the "address" run is `--sanitize=address` plus
# `-Xcc -fsanitize=undefined` (no recovery: the first finding stops it).
#
#   scripts/sanitize.sh            # address+undefined, then thread
#   scripts/sanitize.sh address    # just one ("undefined" is the same run)
#   scripts/sanitize.sh thread
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
bash scripts/install-deps.sh

# The tests use Swift Testing only: --disable-xctest skips the empty XCTest
# pass, whose runner (libXCTest) leaks a few objects at exit that
# LeakSanitizer would report.
runs=("${@:-address thread}")
for run in ${runs[@]}; do
    case "$run" in
    address | undefined)
        scratch=.build-address
        echo "== swift test --sanitize=address -Xcc -fsanitize=undefined" >&2
        flags=(--sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined
               --scratch-path "$scratch")
        swift build --build-tests "${flags[@]}"
        ASAN_OPTIONS="detect_leaks=1:halt_on_error=1" UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1" \
            swift test --skip-build "${flags[@]}" --disable-xctest
        ;;
    thread)
        # TSan: the tests that run diffs concurrently (many diffs at once,
        # on spare workspaces handed from thread to thread too; the Sendable audit: identity tables published by many threads,
        # a workspace's kept lists read elsewhere) and the renderer's
        # off-main renders (interleavings, cancellation, the workspace pool),
        # IGListKit results looked up from several threads at once, and the
        # attacks on them (a flag shared by two diffs, nested cancellable
        # diffs, tables of copies mutated on many threads, render bursts on
        # renderers sharing Boxes, the workspace pool under large renders).
        scratch=.build-thread
        echo "== swift test --sanitize=thread (concurrency tests)" >&2
        swift build --build-tests --sanitize=thread --scratch-path "$scratch"
        TSAN_OPTIONS="halt_on_error=1" swift test --skip-build --sanitize=thread \
            --scratch-path "$scratch" --disable-xctest \
            --filter "ConcurrentDiffTests|SpareWorkspaceTests|SendableAuditTests|UpdaterInterleavingTests|BoxRendererTests|ListDiffConcurrentLookupTests|RendererConcurrencyStressTests|RendererStormTests|BackgroundRenderLoopTests|DiffCancellationTests/a|DiffCancellationTests/superseded|DiffCancellationFlagTests/flags|DiffCancellationFlagTests/theCurrent|ConcurrencyAttackTests|RendererAttackTests|RendererPoolAttackTests"
        ;;
    *)
        echo "unknown sanitizer run '$run' (address, undefined, thread)" >&2
        exit 2
        ;;
    esac
done
echo "sanitizer runs passed" >&2
