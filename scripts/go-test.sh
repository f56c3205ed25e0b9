#!/usr/bin/env bash
# Runs every Go test verbosely into bin/go-test.log and prints the summary:
# the package lines, any failure with its output, and how many PostgreSQL
# subtests passed (CI requires more than none when PLATTER_TEST_POSTGRES_URL is set).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p bin
log=bin/go-test.log
go test -count=1 -timeout 15m -v ./... >"$log" 2>&1
status=$?
grep -E '^(ok|FAIL|---|panic:|\s+--- FAIL)' "$log" | grep -vE '^\s*--- (PASS|SKIP)' || true
if [ "$status" -ne 0 ]; then
  echo "--- failing output (full log: $log) ---"
  grep -B2 -A25 -E -- '--- FAIL|^panic:' "$log" | head -n 400
fi
pg=$(grep -cE -- '--- PASS: .*/postgres( |$)' "$log" || true)
sk=$(grep -cE -- '--- SKIP' "$log" || true)
echo "PostgreSQL subtests passed: $pg; skipped tests: $sk"
exit "$status"
