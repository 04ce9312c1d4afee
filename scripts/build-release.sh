#!/usr/bin/env bash
# The release build of `sotube`, as it is deployed and as the benchmarks measure it:
#   bash scripts/build-release.sh [extra `swift build` arguments]   ->  .build/release/sotube
# The Swift runtime and Foundation are linked in (--static-swift-stdlib), so the binary runs where the
# Swift toolchain is not installed, and their code is placed with the store's by
# Sources/sotube/link-order.txt (Package.swift's release linker flags). Every module's functions get
# sections of their own (-function-sections) so that the order moves each function, not each file's
# code. Idle RSS on the demo store: docs/performance.md, "the idle server's code".
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh release
swift build -c release --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -function-sections --product sotube "$@"
