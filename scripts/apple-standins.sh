#!/usr/bin/env bash
# Compiles BoxDiff's Apple-only code on Linux: the UIKit adapters
# (Sources/BoxDiff/Updater/UI*+ListView.swift) and the AppKit ones
# (NS*+ListView.swift) sit behind `#if canImport(UIKit)` / `AppKit`, which
# is false here, so the usual build never compiles them, and an app's
# build would be the first to find a mistake in them. This script builds
# the BoxDiff module once with a stand-in UIKit module on the import path
# and once with a stand-in AppKit (Tests/AppleStandIns: the classes and
# methods the adapters call, with the Swift signatures of Apple's
# documentation), each in Swift 6 mode, then type-checks an app's code
# against the result: the UIKit and AppKit samples of the README, the
# DifferenceKit migration article and the doc comments (UIKitClient.swift,
# AppKitClient.swift), and a Swift 5 app calling BoxDiff's main-actor API
# from code that is not main-actor isolated (UIKitSwift5Client.swift).
# Fails on any error, and on any warning in the Apple-only files or the
# Swift 5 client. About 2 minutes on 2 cores.
#
#   scripts/apple-standins.sh
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"

standins=Tests/AppleStandIns
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

for framework in UIKit AppKit; do
    echo "== BoxDiff with the $framework stand-in" >&2
    mkdir -p "$work/$framework"
    swiftc -parse-as-library -swift-version 6 -module-name "$framework" -emit-module \
        -emit-module-path "$work/$framework/$framework.swiftmodule" "$standins/$framework.swift"
    scratch=".build-apple-standins/$framework"
    out="$(swift build --scratch-path "$scratch" --show-bin-path)"
    # Compiled anew every run: the stand-in is a module on the search path,
    # not a dependency SwiftPM tracks, and the warnings are read off the
    # compiler's output.
    if [ -d "$out/BoxDiff.build" ]; then find "$out/BoxDiff.build" -name '*.o' -delete; fi
    log="$work/$framework.log"
    swift build --scratch-path "$scratch" --target BoxDiff -Xswiftc -I -Xswiftc "$work/$framework" 2>&1 | tee "$log"
    # The adapters compiled (an #if that stayed false would pass silently).
    case "$framework" in
        UIKit) adapters=(UITableView+ListView UICollectionView+ListView) ;;
        AppKit) adapters=(NSTableView+ListView NSCollectionView+ListView) ;;
    esac
    for adapter in "${adapters[@]}"; do
        object="$(find "$out/BoxDiff.build" -name "$adapter.swift.o")"
        if [ -z "$object" ] || [ "$(nm "$object" | grep -c ' T ')" -eq 0 ]; then
            echo "apple stand-ins: $adapter.swift compiled to no code: is canImport($framework) still true?" >&2
            exit 1
        fi
    done
    warnings="$(grep -E '^/.*(UI|NS)[A-Za-z]*\+ListView\.swift:[0-9]+:[0-9]+: warning: ' "$log" | sort -u || true)"
    if [ -n "$warnings" ]; then
        printf '%s\n' "$warnings" >&2
        echo "apple stand-ins: warnings in the $framework adapters" >&2
        exit 1
    fi
    echo "== an app's $framework code against it" >&2
    swiftc -typecheck -swift-version 6 -parse-as-library -I "$work/$framework" -I "$out/Modules" \
        -I "$out/CBoxDiff.build" -I CSources/CBoxDiff/include "$standins/${framework}Client.swift"
    if [ "$framework" = UIKit ]; then
        # Swift 5 mode, calls from code that is not main-actor isolated
        # (BoxDiff's main-actor types are @preconcurrency): no error, and
        # no warning.
        echo "== an app's UIKit code in Swift 5 mode against it" >&2
        swift5_log="$work/swift5.log"
        swiftc -typecheck -swift-version 5 -parse-as-library -I "$work/$framework" -I "$out/Modules" \
            -I "$out/CBoxDiff.build" -I CSources/CBoxDiff/include "$standins/UIKitSwift5Client.swift" 2>&1 |
            tee "$swift5_log"
        if grep -q 'warning: ' "$swift5_log"; then
            echo "apple stand-ins: warnings in the Swift 5 client" >&2
            exit 1
        fi
    fi
done
echo "apple stand-ins: the UIKit and AppKit adapters build, and the documentation's samples type-check" >&2
