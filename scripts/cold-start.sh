#!/usr/bin/env bash
# Cold start of `stepflow run delivery --commands next --frames` next to a Swift "hello world"
# built with the same flags (swift build -c release), measured side by side with hyperfine.
# (-i: the run exits 1, not finished, as a script that stops early does.)
#   scripts/cold-start.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v hyperfine >/dev/null || { apt-get update >/dev/null 2>&1 && apt-get install -y hyperfine >/dev/null 2>&1; }
swift build -c release --product stepflow >/dev/null
hello=$(mktemp -d)
mkdir -p "$hello/Sources/hello"
cat > "$hello/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription
let package = Package(name: "hello", targets: [.executableTarget(name: "hello")], swiftLanguageModes: [.v6])
SWIFT
echo 'print("Hello, world!")' > "$hello/Sources/hello/main.swift"
(cd "$hello" && swift build -c release >/dev/null)
stepflow=$(swift build -c release --show-bin-path)/stepflow
hyperfine -N -i --warmup 20 --runs 300 \
  "$hello/.build/release/hello" \
  "$stepflow run delivery --commands next --frames"
rm -rf "$hello"
