#!/usr/bin/env bash
# Order event streams at scale (issue 11): ORDERS × PER_ORDER concurrent
# streams (default 100 × 100 = 10,000) against ONE `platter serve` with the
# demo data, on SQLite and, when BENCH_POSTGRES_URL names a server that may
# create databases, on PostgreSQL; then the demo manager and driver move
# every order (accepted, on the way, MOVES driver positions, delivered) at
# RATE calls a second. Records the server's memory per stream (VmRSS and
# VmHWM from /proc, Go heap + stacks from /metrics, differences ÷ streams)
# and the p50/p99 from a call to its event's arrival on every stream, and
# appends them to bench/RESULTS.md (NO_RECORD=1: print only).
# Goal: 10,000 streams on one instance at <= 30 KB each, p99 <= 250 ms.
#
# The server's clock starts at Monday 16 November 2026, 12:00 London
# (PLATTER_CLOCK), when the demo venues take ASAP orders. Each stream is a
# connection in the driver and one in the server: both raise their open-files
# limit to the hard limit (2 × streams + a few hundred must fit; 20,000 does
# for 10,000 streams since they are two processes). PLATTER_STREAMS_PER_USER
# lets one guest hold PER_ORDER streams of their order.
#
# Usage: bench/streams.sh   (ORDERS, PER_ORDER, PER_GUEST, MOVES, RATE, BENCH_POSTGRES_URL, NO_RECORD)
# For a quiet CPU: python3 /work/quiet-core.py -- bench/streams.sh
set -euo pipefail
cd "$(dirname "$0")/.."
ORDERS=${ORDERS:-100}
PER_ORDER=${PER_ORDER:-100}
PER_GUEST=${PER_GUEST:-4}
MOVES=${MOVES:-5}
RATE=${RATE:-20}
ulimit -n "$(ulimit -Hn)"
need=$((ORDERS * PER_ORDER + 500))
if [ "$(ulimit -n)" -lt "$need" ]; then
  echo "open-files limit $(ulimit -n) is below the $need this run needs (ulimit -Hn, or fewer streams)" >&2
  exit 1
fi
[ -x bin/platter ] || make build
go build -o bin/bench-streams ./bench/streams

tmp=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT

results=bench/RESULTS.md
[ "${NO_RECORD:-}" = 1 ] && results=

# bench DB_URL LABEL: serve DB_URL with the demo data and run the driver.
bench() {
  local port=$((20000 + RANDOM % 20000))
  local mport=$((port + 1))
  export PLATTER_DATABASE_URL="$1" PLATTER_ADDR="127.0.0.1:$port" PLATTER_METRICS_ADDR="127.0.0.1:$mport" \
    PLATTER_CLOCK=2026-11-16T12:00:00Z PLATTER_STREAMS_PER_USER=$((PER_GUEST * PER_ORDER)) \
    PLATTER_STREAMS_MAX=$((ORDERS * PER_ORDER + 100))
  bin/platter demo >/dev/null 2>&1
  bin/platter serve >"$tmp/serve.out" 2>"$tmp/serve.log" &
  pid=$!
  for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.1; done
  bin/bench-streams -verdict "$tmp/verdicts" -url "http://127.0.0.1:$port" -metrics "http://127.0.0.1:$mport/metrics" -pid "$pid" \
    -orders "$ORDERS" -per-guest "$PER_GUEST" -per-order "$PER_ORDER" -moves "$MOVES" -rate "$RATE" -label "$2" ${results:+-results "$results"}
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
}

if [ -n "$results" ]; then
  {
    echo
    echo "## Order event streams at scale — $(date -u +%Y-%m-%dT%H:%MZ) ($(git rev-parse --short HEAD))"
    echo "Machine: $(nproc) of $(nproc --all) cores for the server and the driver$([ "$(nproc)" != "$(nproc --all)" ] && echo " (pinned by quiet-core.py; PostgreSQL, when run, on the other core with the rest of the machine)"), $(free -g | awk '/Mem:/{print $2}') GiB, $(uname -sr), $(go version | awk '{print $3}'). bench/streams.sh: one \`platter serve\`, the driver on the same machine (each stream its own TCP connection on loopback); $ORDERS paid ASAP delivery orders ($PER_GUEST a guest) × $PER_ORDER streams, then per order: accepted, on the way, $MOVES driver positions, delivered, at $RATE calls/s in all. Latency: from just before the call to the event's arrival on each stream. KB/stream: the server's difference (before the streams → open and idle / after the moves) ÷ streams. Load average before the run: $(cut -d" " -f1-3 /proc/loadavg) (other work shares the machine)."
    echo
    echo "| run | orders × streams | calls | rate | RSS KB/stream (open) | RSS KB/stream (after moves) | VmHWM KB/stream | Go heap+stack KB/stream | p50 ms | p99 ms | max ms | events missing | errors |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
  } >>"$results"
fi
bench "sqlite:$tmp/bench.db" "SQLite"
if [ -n "${BENCH_POSTGRES_URL:-}" ]; then
  db="platter_bench_$$"
  psql "$BENCH_POSTGRES_URL" -qc "CREATE DATABASE $db" >/dev/null
  bench "${BENCH_POSTGRES_URL%/*}/$db?sslmode=disable" "PostgreSQL"
  psql "$BENCH_POSTGRES_URL" -qc "DROP DATABASE $db WITH (FORCE)" >/dev/null
fi
if [ -n "$results" ]; then
  echo >>"$results"
  cat "$tmp/verdicts" >>"$results"
  echo "Goal: 10,000 streams on one instance at <= 30 KB each, p99 <= 250 ms." >>"$results"
fi
exit 0
