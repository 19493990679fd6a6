#!/usr/bin/env bash
# Builds the library products as a binary framework does (Xcode's
# BUILD_LIBRARY_FOR_DISTRIBUTION, an XCFramework): with library evolution
# and a .swiftinterface per module, then type-checks each interface the
# way a client's compiler reads it. Catches @inlinable code that a
# resilient build rejects (an inlinable initializer of a non-@frozen
# struct or a class assigning its stored properties, and the like), which
# the usual build accepts, and inlinable code in BoxDiff's interface that
# reads a reference from raw memory (a stored layout clients must not
# assume). About 40 s on 2 cores.
#
#   scripts/library-evolution.sh [debug|release]    # debug by default
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"

config="${1:-debug}"
scratch=.build-evolution
out="$(swift build -c "$config" --scratch-path "$scratch" --show-bin-path)"
# The driver checks each emitted interface, but without the C module's
# module map SwiftPM passes to the compile itself: point it there.
flags=(
    -Xswiftc -enable-library-evolution -Xswiftc -emit-module-interface
    -Xswiftc -I -Xswiftc "$out/CBoxDiff.build"
)
modules=(BoxDiff BoxDiffValidation BoxDiffIGListKit)
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# Compile the modules anew every run: warnings are read off the compiler's
# output, and an up-to-date module prints none (a rerun after a warning
# passed).
for module in "${modules[@]}"; do
    if [ -d "$out/$module.build" ]; then find "$out/$module.build" -name '*.o' -delete; fi
done
for module in "${modules[@]}"; do
    swift build -c "$config" --scratch-path "$scratch" --target "$module" "${flags[@]}" 2>&1 | tee -a "$log"
done
# No warning but Linux's: its Foundation is not built with library
# evolution (Apple's is). Another one (a scoped import, say) fails a
# framework built with warnings as errors.
warnings="$(grep -E '^/.*: warning: ' "$log" | grep -v 'was not compiled with library evolution support' | sort -u || true)"
if [ -n "$warnings" ]; then
    printf '%s\n' "$warnings" >&2
    echo "library evolution: warnings above" >&2
    exit 1
fi
for module in "${modules[@]}"; do
    swift-frontend -typecheck-module-from-interface "$out/$module.build/$module.swiftinterface" \
        -module-name "$module" -I "$out/Modules" -I "$out/CBoxDiff.build"
done
# Inlinable code is compiled into the client: it must not read a stored
# layout the interface does not promise (only @frozen types' is), as a
# raw load of a component's storage reference does (Component is not
# @frozen: a later layout would be misread by clients built before it).
layout_reads="$(grep -n 'load(as: \(Swift\.\)\{0,1\}Unmanaged<' "$out/BoxDiff.build/BoxDiff.swiftinterface" || true)"
if [ -n "$layout_reads" ]; then
    printf '%s\n' "$layout_reads" >&2
    echo "library evolution: inlinable code above reads a stored reference from raw memory" >&2
    exit 1
fi
echo "library evolution: ${modules[*]} build, and their interfaces type-check ($config)" >&2
