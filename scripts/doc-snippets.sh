#!/usr/bin/env bash
# Type-checks every ```swift code example an adopter reads: the README's,
# the DocC catalogs' (Sources/*/*.docc/*.md) and the doc comments'
# (`/// ```swift` in Sources), each alone against the public API
# (`import BoxDiff`, `BoxDiffValidation`, `BoxDiffIGListKit`, no
# @testable), the UIKit and AppKit ones against the stand-ins of
# Tests/AppleStandIns (as scripts/apple-standins.sh). The names a block
# assumes come from Tests/DocSnippets/Prelude.swift (app types) and
# Tests/DocSnippets/Contexts.txt (per block); Tests/DocSnippets/check.py
# says how. Builds the libraries twice, with the UIKit and the AppKit
# stand-in (in .build-doc-snippets: minutes the first time, seconds
# after), then type-checks the blocks, about a second each on one core.
# A block that needs names no context gives fails: give it a context.
# Run by .ci/run.
#
#   scripts/doc-snippets.sh            # every block
#   scripts/doc-snippets.sh README     # the blocks whose "FILE #N" has README
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Built with another compiler (a toolchain upgrade), the stand-ins, the
# libraries and the module caches here cannot be read: start over.
toolchain="$(swiftc --version 2>&1)"
if [ "$(cat .build-doc-snippets/toolchain 2>/dev/null)" != "$toolchain" ]; then
    rm -rf .build-doc-snippets
    mkdir -p .build-doc-snippets
    printf '%s\n' "$toolchain" >.build-doc-snippets/toolchain
fi
for framework in UIKit AppKit; do
    mkdir -p "$work/$framework/prelude"
    # The stand-in at a fixed path: the build's flags stay the same from run
    # to run, so a second run rebuilds nothing. SwiftPM does not track it:
    # rebuilt here when its source is newer.
    standin=".build-doc-snippets/standins/$framework"
    if [ ! -f "$standin/$framework.swiftmodule" ] ||
        [ "Tests/AppleStandIns/$framework.swift" -nt "$standin/$framework.swiftmodule" ]; then
        # The libraries built against the old stand-in go first, so that an
        # interrupted run leaves nothing stale.
        rm -rf ".build-doc-snippets/$framework"
        mkdir -p "$standin"
        swiftc -parse-as-library -swift-version 6 -module-name "$framework" -emit-module \
            -emit-module-path "$standin/$framework.swiftmodule" "Tests/AppleStandIns/$framework.swift"
    fi
    cp "$standin/$framework.swiftmodule" "$work/$framework/"
    scratch=".build-doc-snippets/$framework"
    echo "== the libraries with the $framework stand-in" >&2
    for target in BoxDiffIGListKit BoxDiffValidation; do
        if ! swift build --scratch-path "$scratch" --target "$target" -Xswiftc -I -Xswiftc "$PWD/$standin" \
            >"$work/build.log" 2>&1; then
            cat "$work/build.log" >&2
            echo "doc snippets: the $framework build of $target failed" >&2
            exit 1
        fi
    done
    out="$(swift build --scratch-path "$scratch" --show-bin-path)"
    echo "$out" >"$work/$framework/bin"
    # One Clang module cache per stand-in: both builds hold a CBoxDiff module
    # (from two module maps), which would invalidate each other's in a
    # shared cache while the checks compile in parallel.
    cache="$PWD/.build-doc-snippets/module-cache/$framework"
    mkdir -p "$cache"
    swiftc -parse-as-library -swift-version 6 -module-name DocSnippetPrelude -emit-module \
        -module-cache-path "$cache" -emit-module-path "$work/$framework/prelude/DocSnippetPrelude.swiftmodule" \
        -I "$work/$framework" -I "$out/Modules" -I "$out/CBoxDiff.build" -I CSources/CBoxDiff/include \
        Tests/DocSnippets/Prelude.swift
done
python3 Tests/DocSnippets/check.py . "$(cat "$work/UIKit/bin")" "$(cat "$work/AppKit/bin")" "$work" "${1:-}"
