#!/usr/bin/env bash
# Installs what BoxDiff needs beyond the Swift toolchain, when it is missing:
# libxxhash-dev (the system xxHash the C core links) and pkg-config (how
# SwiftPM finds it). Safe to run repeatedly; needs root for apt-get.
set -euo pipefail

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    echo "note: swift is not on PATH; add /opt/swift/usr/bin to PATH" >&2
fi

if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libxxhash; then
    exit 0
fi
echo "installing libxxhash-dev and pkg-config..." >&2
if [ "$(id -u)" -ne 0 ]; then
    echo "error: libxxhash-dev is missing and this is not root; run: sudo apt-get install -y libxxhash-dev pkg-config" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq libxxhash-dev pkg-config >/dev/null
pkg-config --exists libxxhash || { echo "error: libxxhash still not found by pkg-config" >&2; exit 1; }
