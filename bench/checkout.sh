#!/usr/bin/env bash
# Whole checkouts (orders/quote + orders/prepare + sandbox payments/confirm)
# against a real `platter serve` with the demo data, on SQLite and, when
# BENCH_POSTGRES_URL names a server that may create databases, on
# PostgreSQL; CUSTOMERS concurrent guests for DURATION each. Appends the
# results to bench/RESULTS.md. Goal: >= 300 checkouts/s on SQLite with
# p99 <= 50 ms at 8 customers.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-20s}
CUSTOMERS=${CUSTOMERS:-8}
[ -x bin/platter ] || make build
go build -o bin/bench-checkout ./bench/checkout

tmp=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT

# bench DB_URL LABEL: serve DB_URL with the demo data and run the driver.
bench() {
  local port=$((20000 + RANDOM % 20000))
  export PLATTER_DATABASE_URL="$1" PLATTER_ADDR="127.0.0.1:$port" PLATTER_METRICS_ADDR=off
  bin/platter demo >/dev/null
  bin/platter serve >"$tmp/serve.out" 2>"$tmp/serve.log" &
  pid=$!
  for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.1; done
  bin/bench-checkout -url "http://127.0.0.1:$port" -customers "$CUSTOMERS" -duration "$DURATION" \
    -label "$2" -results bench/RESULTS.md
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
}

{
  echo
  echo "## Whole checkouts (quote + prepare + sandbox confirm) — $(date -u +%Y-%m-%dT%H:%MZ) ($(git rev-parse --short HEAD))"
  echo "Machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(uname -sr), $(go version | awk '{print $3}'). bench/checkout.sh: the driver and the server on the same machine, each customer a guest ordering a pre-order at demo-burgers/soho. Load average before the run: $(cut -d" " -f1-3 /proc/loadavg) (other work shares the machine)."
  echo
  echo "| run | customers | duration | checkouts | failed | checkouts/s | p50 ms | p99 ms |"
  echo "|---|---|---|---|---|---|---|---|"
} >>bench/RESULTS.md
bench "sqlite:$tmp/bench.db" "SQLite"
if [ -n "${BENCH_POSTGRES_URL:-}" ]; then
  db="platter_bench_$$"
  psql "$BENCH_POSTGRES_URL" -qc "CREATE DATABASE $db" >/dev/null
  bench "${BENCH_POSTGRES_URL%/*}/$db?sslmode=disable" "PostgreSQL"
  psql "$BENCH_POSTGRES_URL" -qc "DROP DATABASE $db WITH (FORCE)" >/dev/null
fi
echo "Goal: >= 300 checkouts/s on SQLite with p99 <= 50 ms at 8 customers." >>bench/RESULTS.md
