#!/usr/bin/env bash
# fuzz.sh [TIME]: runs every Go fuzz target for TIME each (default 30s; CI),
# one after another (go test -fuzz takes one target at a time). A crash
# fails the run and leaves its input under the package's testdata/fuzz/,
# where plain `go test` replays it from then on. 10m each is the longer run
# recorded in bench/RESULTS.md. A new input is minimised for at most 5 s (the default, 60 s,
# spends a short run shrinking one 40 KB menu document instead of trying new ones).
# FUZZ_LANES=N runs N targets at a time, each with one worker (-parallel 1) instead of two: on this 2-core
# machine, FUZZ_LANES=2 gives every target of a 10-minute run a core of its own in half the wall time.
set -uo pipefail
cd "$(dirname "$0")/.."
time=${1:-30s}
lanes=${FUZZ_LANES:-1}
workers=2
[ "$lanes" -gt 1 ] && workers=1
targets=$(git grep -h -o -E '^func Fuzz[A-Za-z0-9_]+' -- '*_test.go' | wc -l)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# fuzz_one TARGET PKG: one target's run; its verdict line goes to $out/TARGET.verdict.
# -timeout is far above TIME: go test's default (10m) would end a 10-minute run as it finishes.
# Go 1.26's fuzz coordinator can report a bare "context deadline exceeded" when TIME runs out while a
# worker is mid-input (golang/go#75804, fixed in Go 1.27): that ending, with no failing input written
# under testdata/fuzz/TARGET, is a completed run and says so; any other failure fails.
fuzz_one() {
  local target=$1 pkg=$2 start log corpus before
  start=$(date +%s)
  log="$out/$target.log"
  corpus="$pkg/testdata/fuzz/$target"
  before=$(ls "$corpus" 2>/dev/null | wc -l)
  if go test -run '^$' -fuzz "^${target}\$" -fuzztime "$time" -fuzzminimizetime 5s -parallel "$workers" \
    -timeout 90m "$pkg" >"$log" 2>&1; then
    echo "ok   $target ($pkg) $(($(date +%s) - start)) s: $(grep -o -E 'execs: [0-9]+' "$log" | tail -1)" >"$out/$target.verdict"
  elif [ "$(grep -c -E '^\s+context deadline exceeded$' "$log")" -eq 1 ] && ! grep -q -E 'panic|Failing input|failure while testing seed corpus' "$log" &&
    [ "$(ls "$corpus" 2>/dev/null | wc -l)" -eq "$before" ]; then
    echo "ok   $target ($pkg) $(($(date +%s) - start)) s: $(grep -o -E 'execs: [0-9]+' "$log" | tail -1), ended by Go's fuzztime deadline race (golang/go#75804), no failing input" >"$out/$target.verdict"
  else
    { echo "FAIL $target ($pkg)"; tail -n 40 "$log"; } >"$out/$target.verdict"
  fi
}

ran=0
while read -r file; do
  pkg=./$(dirname "$file")
  for target in $(grep -o -E '^func Fuzz[A-Za-z0-9_]+' "$file" | cut -d' ' -f2); do
    ran=$((ran + 1))
    while [ "$(jobs -rp | wc -l)" -ge "$lanes" ]; do wait -n; done
    fuzz_one "$target" "$pkg" &
  done
done < <(git grep -l -E '^func Fuzz' -- '*_test.go')
wait

status=0
for v in "$out"/*.verdict; do
  cat "$v"
  grep -q '^ok ' "$v" || status=1
done
echo "fuzz targets run: $ran of $targets, ${time} each"
[ "$ran" -eq "$targets" ] || status=1
[ "$(ls "$out"/*.verdict 2>/dev/null | wc -l)" -eq "$targets" ] || status=1
exit "$status"
