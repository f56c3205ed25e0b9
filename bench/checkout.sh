#!/usr/bin/env bash
# Whole checkouts (orders/quote + orders/prepare + sandbox payments/confirm)
# against a real `platter serve` with the demo data, on SQLite and, when
# BENCH_POSTGRES_URL names a server that may create databases, on
# PostgreSQL; CUSTOMERS concurrent guests, each ordering an ASAP pickup at
# demo-burgers/soho, for DURATION after a short warm-up. Appends the results
# to bench/RESULTS.md (NO_APPEND=1: print them only).
#
# Each database is measured after an unmeasured first run of PRIME (10 s),
# so with orders in it as a database in service has (and, on PostgreSQL,
# ANALYZEd after it).
#
# Usage (about 1.5 minutes for both databases):
#   bench/checkout.sh
#   BENCH_POSTGRES_URL='postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable' bench/checkout.sh
#   CUSTOMERS=8 DURATION=20s ONLY=postgres BENCH_POSTGRES_URL=… bench/checkout.sh
#
# The server runs with PLATTER_CLOCK (default Monday 16 November 2026, 12:00
# in London: soho is open, so ASAP is allowed), so the result does not depend
# on when the bench runs. Besides checkouts/s, p50 and p99 it reports the CPU
# time the server and the driver used per completed checkout: a figure that,
# unlike the rate, barely depends on what else the machine is doing, and
# the statements and transactions the server sent the database per
# checkout (each statement a round trip on PostgreSQL; the mail job's
# statements for the receipt included).
# PLATTER_BIN runs another server binary (default bin/platter).
#
# Goal: >= 300 checkouts/s on SQLite with p99 <= 50 ms at 8 customers.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-20s}
PRIME=${PRIME:-10s} # the unmeasured first run
CUSTOMERS=${CUSTOMERS:-8}
CLOCK=${CLOCK:-2026-11-16T12:00:00Z}
ONLY=${ONLY:-}
RESULTS=bench/RESULTS.md
[ -n "${NO_APPEND:-}" ] && RESULTS=/dev/null
BIN=${PLATTER_BIN:-bin/platter}
[ -x "$BIN" ] || make build
go build -o bin/bench-checkout ./bench/checkout

tmp=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT

# bench DB_URL LABEL [PSQL_URL]: serve DB_URL with the demo data and run
# the driver (PSQL_URL: the same PostgreSQL database, for psql).
bench() {
  local port=$((20000 + RANDOM % 20000))
  export PLATTER_DATABASE_URL="$1" PLATTER_ADDR="127.0.0.1:$port" PLATTER_CLOCK="$CLOCK"
  # Metrics on a port of their own: the driver reads the statements and
  # transactions the server sent (platter_db_*_total) to report them per
  # checkout. Each customer sends an address of its own as X-Forwarded-For
  # and the server trusts 127.0.0.1 as its load balancer, as in
  # production: the per-client limits (the unpaid-order cap, its lock)
  # count each customer apart, not all of them as one client.
  local mport=$((port + 1))
  export PLATTER_METRICS_ADDR="127.0.0.1:$mport" PLATTER_TRUSTED_PROXIES=127.0.0.1
  "$BIN" demo >/dev/null
  "$BIN" serve >"$tmp/serve.out" 2>"$tmp/serve.log" &
  pid=$!
  for _ in $(seq 300); do
    curl -fs "http://127.0.0.1:$port/readyz" >/dev/null && break
    kill -0 "$pid" 2>/dev/null || { cat "$tmp/serve.log" >&2; exit 1; }
    sleep 0.1
  done
  # A first run, not measured, so the database is measured as it runs
  # (with orders in it), not empty; on PostgreSQL then ANALYZE, as its
  # autovacuum daemon would within its minute: on the statistics of the
  # empty orders table the planner reads all of a customer's orders to
  # find one, which no database in service does.
  bin/bench-checkout -url "http://127.0.0.1:$port" -customers "$CUSTOMERS" -duration "$PRIME" -warmup 0s >/dev/null
  [ -n "${3:-}" ] && psql "$3" -qc ANALYZE
  bin/bench-checkout -url "http://127.0.0.1:$port" -customers "$CUSTOMERS" -duration "$DURATION" \
    -label "$2" -server-pid "$pid" -metrics "http://127.0.0.1:$mport/metrics" -results "$RESULTS" | tail -1 >&2
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
}

{
  echo
  echo "## Whole checkouts (quote + prepare + sandbox confirm) — $(date -u +%Y-%m-%dT%H:%MZ) ($(git rev-parse --short HEAD))"
  echo "Machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(uname -sr), $(go version | awk '{print $3}'). Binary: ${LABEL:-$BIN}. bench/checkout.sh: the driver and the server on the same machine, each customer a guest with an address of its own (X-Forwarded-For) ordering an ASAP pickup at demo-burgers/soho (server clock $CLOCK), measured after an unmeasured first run of $PRIME (then ANALYZE on PostgreSQL). Load average before the run: $(cut -d" " -f1-3 /proc/loadavg)."
  echo
  bin/bench-checkout -header
} >>"$RESULTS"
[ "$ONLY" = postgres ] || bench "sqlite:$tmp/bench.db" "SQLite"
if [ -n "${BENCH_POSTGRES_URL:-}" ] && [ "$ONLY" != sqlite ]; then
  db="platter_bench_$$"
  psql "$BENCH_POSTGRES_URL" -qc "CREATE DATABASE $db" >/dev/null
  bench "${BENCH_POSTGRES_URL%/*}/$db?sslmode=disable" "PostgreSQL" "${BENCH_POSTGRES_URL%/*}/$db?sslmode=disable"
  psql "$BENCH_POSTGRES_URL" -qc "DROP DATABASE $db WITH (FORCE)" >/dev/null
fi
echo "Goal: >= 300 checkouts/s on SQLite with p99 <= 50 ms at 8 customers." >>"$RESULTS"
