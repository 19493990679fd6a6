#!/usr/bin/env bash
# Builds the DocC documentation of BoxDiff, BoxDiffValidation and BoxDiffIGListKit with
# swiftlang/swift-docc-plugin and fails on any warning, from the catalogs
# (Sources/*/*.docc) or from the doc comments in the sources, and on a
# public declaration without a doc comment (scripts/doc-coverage.swift).
#
# The plugin is a dependency only when BOXDIFF_DOCS is set (see
# Package.swift), so apps that depend on BoxDiff never resolve it.
#
#   scripts/docs.sh                 # archives in .build-docs/plugins/Swift-DocC/outputs
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"

log="$(mktemp)"
trap 'rm -f "$log"' EXIT

# One target at a time, so a warning in one does not hide the others'.
status=0
for target in BoxDiff BoxDiffValidation BoxDiffIGListKit; do
    BOXDIFF_DOCS=1 swift package --scratch-path .build-docs \
        generate-documentation --target "$target" --warnings-as-errors 2>&1 | tee -a "$log" || status=$?
done

# --warnings-as-errors makes docc fail on a warning (printed as an error);
# the grep also catches warnings printed by the build before docc runs.
count="$(grep -cE '(^|[^a-z])(warning|error):' "$log" || true)"
if [ "$status" -ne 0 ] || [ "$count" -ne 0 ]; then
    echo "docs: failed (exit status $status, $count warnings or errors)" >&2
    exit 1
fi
# Every public declaration documented (scripts/doc-coverage.swift reads
# the symbol graphs the build just extracted).
graphs=()
for target in BoxDiff BoxDiffValidation BoxDiffIGListKit; do
    for graph in .build-docs/*/extracted-symbols/*/"$target"/*.symbols.json; do graphs+=("$graph"); done
done
swift scripts/doc-coverage.swift Sources "${graphs[@]}"
echo "docs: built with no warnings" >&2
