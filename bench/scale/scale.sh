#!/usr/bin/env bash
# Scale-out: whole checkouts through HAProxy over 1, then 2, then 3
# `platter serve` instances sharing one fresh PostgreSQL database (the
# local server, trust auth; CREATE DATABASE platter_scale_$$, dropped at the
# end), HAProxy configured as docs/operations.md's example (round robin,
# option httpchk GET /readyz), with live board streams open through it
# meanwhile (bench/scale/chaosdriver -customers 0). The load is
# bench/checkout (CUSTOMERS guests, quote + prepare + pay, DURATION each).
# Appends a table to bench/RESULTS.md (NO_APPEND=1: printed only):
# instances, checkouts/s, p50, p99, failed, and the server CPU ms per
# checkout summed over the instances.
#
# On a 2-core machine more instances cannot be faster (they share the two
# cores with PostgreSQL and the driver): what this shows is whether
# anything breaks, and the CPU per checkout as instances are added.
#
# Usage: bench/scale/scale.sh            (about 2 minutes)
#        CUSTOMERS=8 DURATION=20s STREAMS=4 bench/scale/scale.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
DURATION=${DURATION:-20s}
CUSTOMERS=${CUSTOMERS:-8}
STREAMS=${STREAMS:-4}
RESULTS=bench/RESULTS.md
[ -n "${NO_APPEND:-}" ] && RESULTS=/dev/null
tmp=$(mktemp -d)
source bench/scale/lib.sh
[ -x "$BIN" ] || go build -o "$BIN" ./cmd/platter
go build -o bin/bench-checkout ./bench/checkout
go build -o "$tmp/chaosdriver" ./bench/scale/chaosdriver

streams=
cleanup() {
  [ -z "$streams" ] || { kill "$streams" 2>/dev/null; wait "$streams" 2>/dev/null || true; }
  stop_all
  rm -rf "$tmp"
}
trap cleanup EXIT

fresh_db postgres
{
  echo
  echo "## Scale-out: checkouts through HAProxy over 1–3 instances on PostgreSQL — $(date -u +%Y-%m-%dT%H:%MZ) ($(git rev-parse --short HEAD))"
  echo "Machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB; load average before the run: $(cut -d" " -f1-3 /proc/loadavg). bench/scale/scale.sh: $CUSTOMERS customers (bench/checkout, ASAP pickups at demo-burgers/soho) through HAProxy (round robin, health check GET /readyz) for $DURATION per row, $STREAMS board streams open through HAProxy meanwhile; the instances, PostgreSQL, HAProxy and the drivers share the same $(nproc) cores, so more instances cannot be faster here: what the rows show is whether anything fails, and the server CPU per checkout (summed over the instances) as instances are added."
  echo
  bin/bench-checkout -header
} >>"$RESULTS"
for n in 1 2 3; do
  start_instance $((n - 1))
  start_haproxy "$n"
  if [ -z "$streams" ]; then
    mkdir -p "$tmp/logs"
    "$tmp/chaosdriver" -url "http://127.0.0.1:$LB_PORT" -logs "$tmp/logs" -customers 0 -setup=false \
      -streams "$STREAMS" -smtp 127.0.0.1:0 -hooks 127.0.0.1:0 >"$tmp/streams.out" 2>"$tmp/streams.log" &
    streams=$!
  fi
  if [ "$n" = 1 ]; then
    # An unmeasured first run, then ANALYZE (as bench/checkout.sh does):
    # the database is measured with orders in it, not empty.
    bin/bench-checkout -url "http://127.0.0.1:$LB_PORT" -customers "$CUSTOMERS" -duration "${PRIME:-10s}" -warmup 0s >/dev/null
    psql "$DB_URL" -qc ANALYZE
  fi
  pids=$(IFS=,; echo "${PIDS[*]}")
  bin/bench-checkout -url "http://127.0.0.1:$LB_PORT" -customers "$CUSTOMERS" -duration "$DURATION" \
    -label "$n instance$([ "$n" = 1 ] || echo s)" -server-pid "$pids" -results "$RESULTS" | tail -1 >&2
done
kill -0 "$streams" || { echo "the board streams' driver died:" >&2; cat "$tmp/streams.log" >&2; exit 1; }
connects=$(grep -c '"kind":"connect"' "$tmp/logs/streams.jsonl" || true)
events=$(grep -vc '"kind":"connect"' "$tmp/logs/streams.jsonl" || true)
echo "Board streams: $STREAMS held open through HAProxy for the whole run ($connects connections, $events order events received). CPU ms/checkout is the instances' user + system time summed, ÷ completed checkouts." >>"$RESULTS"
