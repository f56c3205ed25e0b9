#!/usr/bin/env bash
# Runs every Go test verbosely into bin/go-test.log and prints the summary:
# the package lines, any failure with its output, and how many PostgreSQL
# subtests passed (CI requires more than none when PLATTER_TEST_POSTGRES_URL is set).
# Fails too when go.mod/go.sum are not what `go mod tidy` would write.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p bin
log=bin/go-test.log
# Tests that own their database call t.Parallel; they mostly wait on
# PostgreSQL and fsync, so 4 at a time beats the default (one per core) on a
# 2-core machine while staying well under PostgreSQL's 100 connections.
# -timeout is a hang detector, not a speed budget: on a quiet machine the
# slowest package (httpapi) takes a few minutes, but beside other builds (load
# 30-40 on 2 cores) it took 15 min and was killed mid-test. CI has 90 minutes.
go test -count=1 -timeout 40m -parallel 4 -v ./... >"$log" 2>&1
status=$?
if ! tidy=$(go mod tidy -diff 2>&1); then
  echo "FAIL: go.mod/go.sum are not tidy (run go mod tidy; a direct dependency must not be // indirect):"
  echo "$tidy" | head -n 40
  status=1
fi
grep -E '^(ok|FAIL|---|panic:|\s+--- FAIL)' "$log" | grep -vE '^\s*--- (PASS|SKIP)' || true
if [ "$status" -ne 0 ]; then
  echo "--- failing output (full log: $log) ---"
  grep -B2 -A25 -E -- '--- FAIL|^panic:' "$log" | head -n 400
fi
pg=$(grep -cE -- '--- PASS: .*/postgres( |$)' "$log" || true)
sk=$(grep -cE -- '--- SKIP' "$log" || true)
echo "PostgreSQL subtests passed: $pg; skipped tests: $sk"
exit "$status"
