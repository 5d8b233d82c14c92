#!/usr/bin/env bash
# Cold start of a scripted run to its first frames, `stepflow run delivery --commands next
# --frames`, beside a Swift "hello world" built with the same `swift build -c release`, and the
# ratio of the two (issue 20's aim: at most 1.3x, with warm and with cold caches).
#
#   scripts/cold-start.sh [--rounds N] [--quick] [--ask] [STEPFLOW...]
#
# --ask: one question instead, `stepflow ask text Name --commands enter --frames` (its first
# frame, then the answer; issue 18's aim: at most 1.3x).
#
# STEPFLOW: stepflow binaries to measure side by side (default: this checkout's release build);
# give an older build too to compare before and after in the same run. Measured with hyperfine
# in alternating rounds (hello, then each binary, again and again), so that a machine whose
# load changes during the run moves every figure alike; each round prints its ratios, the end
# the range over the rounds:
#   warm  a tight loop: the files are in the page cache
#   cold  before every run the binary and the libraries it loads are dropped from the page
#         cache (dd iflag=nocache; only those files, so that other work on the machine keeps
#         its cache)
# With valgrind installed, the instructions each program runs are counted too: a figure that
# does not depend on the load of the machine (-i: the run exits 1, not finished, as a script
# that stops early does).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=5
runs=60
coldRuns=20
binaries=()
arguments="run delivery --commands next --frames"
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2; shift 2 ;;
    --quick) rounds=1; runs=10; coldRuns=5; shift ;;
    --ask) arguments="ask text Name --commands enter --frames"; shift ;;
    -h | --help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) binaries+=("$1"); shift ;;
  esac
done
command -v hyperfine >/dev/null || { apt-get update >/dev/null 2>&1 && apt-get install -y hyperfine >/dev/null 2>&1; }
if [ ${#binaries[@]} -eq 0 ]; then
  swift build -c release --product stepflow >/dev/null
  binaries=("$(swift build -c release --show-bin-path)/stepflow")
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/hello/Sources/hello"
cat > "$work/hello/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription
let package = Package(name: "hello", targets: [.executableTarget(name: "hello")], swiftLanguageModes: [.v6])
SWIFT
echo 'print("Hello, world!")' > "$work/hello/Sources/hello/main.swift"
(cd "$work/hello" && swift build -c release >/dev/null)
hello="$work/hello/.build/release/hello"

# The files a program maps at start: itself and the libraries ldd names.
files_of() { { echo "$1"; ldd "$1" | awk '/=> \//{print $3} /^\t\//{print $1}'; } | sort -u; }
evict="$work/evict.sh"
{
  echo '#!/bin/sh'
  { files_of "$hello"; for b in "${binaries[@]}"; do files_of "$b"; done; } | sort -u |
    while read -r f; do echo "dd if='$f' iflag=nocache count=0 status=none"; done
} > "$evict"
chmod +x "$evict"

commands=("$hello")
for b in "${binaries[@]}"; do commands+=("$b $arguments"); done

# Median seconds of each command, from hyperfine's CSV, one a line.
medians() { awk -F, 'NR > 1 { print $4 }' "$1"; }
summary() {
  awk '{ for (i = 2; i <= NF; i++) { if (!(i in lo) || $i < lo[i]) lo[i] = $i; if ($i > hi[i]) hi[i] = $i } }
    END { for (i = 2; i <= NF; i++) printf "  %s x%d: %.2f-%.2fx\n", label, i - 1, lo[i], hi[i] }' label="$1" "$2"
}
: > "$work/warm" && : > "$work/cold"
for round in $(seq 1 "$rounds"); do
  for mode in warm cold; do
    if [ "$mode" = warm ]; then
      hyperfine -N -i --warmup 5 --runs "$runs" --export-csv "$work/h.csv" "${commands[@]}" >/dev/null 2>&1
    else
      hyperfine -N -i --runs "$coldRuns" --prepare "$evict" --export-csv "$work/h.csv" "${commands[@]}" >/dev/null 2>&1
    fi
    mapfile -t m < <(medians "$work/h.csv")
    line="$round"
    text=$(printf 'round %d %s: hello %.2f ms' "$round" "$mode" "$(echo "${m[0]} * 1000" | bc -l)")
    for i in "${!binaries[@]}"; do
      ratio=$(echo "${m[$((i + 1))]} / ${m[0]}" | bc -l)
      line="$line $ratio"
      text="$text, x$((i + 1)) $(printf '%.2f ms = %.2fx' "$(echo "${m[$((i + 1))]} * 1000" | bc -l)" "$ratio")"
    done
    echo "$line" >> "$work/$mode"
    echo "$text"
  done
done
echo "stepflow $arguments; binaries:"
for i in "${!binaries[@]}"; do echo "  x$((i + 1)) ${binaries[$i]}"; done
echo "ratio to hello world over $rounds rounds (median of each round; aim <= 1.3x):"
summary warm "$work/warm"
summary cold "$work/cold"
if command -v valgrind >/dev/null; then
  count() {
    { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null || true; } |
      awk '/Collected/ { print $4 }'
  }
  base=$(count "$hello")
  echo "instructions (valgrind): hello $base"
  for i in "${!binaries[@]}"; do
    # shellcheck disable=SC2086
    n=$(count ${binaries[$i]} $arguments)
    printf '  x%d %s = %.2fx\n' "$((i + 1))" "$n" "$(echo "$n / $base" | bc -l)"
  done
fi
