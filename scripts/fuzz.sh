#!/usr/bin/env bash
# fuzz.sh [TIME]: runs every Go fuzz target for TIME each (default 30s; CI),
# one after another (go test -fuzz takes one target at a time). A crash
# fails the run and leaves its input under the package's testdata/fuzz/,
# where plain `go test` replays it from then on. 10m each is the longer run
# recorded in bench/RESULTS.md. A new input is minimised for at most 5 s (the default, 60 s,
# spends a short run shrinking one 40 KB menu document instead of trying new ones).
set -uo pipefail
cd "$(dirname "$0")/.."
time=${1:-30s}
status=0
targets=$(git grep -h -o -E '^func Fuzz[A-Za-z0-9_]+' -- '*_test.go' | wc -l)
ran=0
while read -r file; do
  pkg=./$(dirname "$file")
  for target in $(grep -o -E '^func Fuzz[A-Za-z0-9_]+' "$file" | cut -d' ' -f2); do
    ran=$((ran + 1))
    start=$(date +%s)
    if out=$(go test -run '^$' -fuzz "^${target}\$" -fuzztime "$time" -fuzzminimizetime 5s -parallel 2 "$pkg" 2>&1); then
      echo "ok   $target ($pkg) $(($(date +%s) - start)) s: $(grep -o -E 'execs: [0-9]+' <<<"$out" | tail -1)"
    else
      echo "FAIL $target ($pkg)"
      echo "$out" | tail -n 40
      status=1
    fi
  done
done < <(git grep -l -E '^func Fuzz' -- '*_test.go')
echo "fuzz targets run: $ran of $targets, ${time} each"
[ "$ran" -eq "$targets" ] || status=1
exit "$status"
