#!/usr/bin/env bash
# Chaos: customers check out through HAProxy while instances are killed
# (kill -9) under them, then a checker proves nothing was lost or doubled.
#
#   DB=postgres (default): 3 `platter serve` instances on a fresh database of
#     the local PostgreSQL; every KILL_EVERY one of them (round robin) is
#     killed with SIGKILL and started again.
#   DB=sqlite: one instance on a SQLite file, killed and restarted alike
#     (HAProxy with one backend in front).
#
# bench/scale/chaosdriver is the load: guests checking out with a promo code
# of limited uses and pre-order slots of limited capacity, retrying as real
# clients do (same idempotency key), the manager rejecting some paid orders
# (refunds), board streams resumed with Last-Event-ID, and an SMTP server and
# webhook receiver the instances send to. After DURATION the kills stop, the
# instances finish their queued mail, webhooks and refunds, and
# bench/scale/chaoscheck reads the database and the driver's logs and proves
# (or refutes, exiting 1) every property listed in its doc comment. The
# summary is appended to bench/RESULTS.md (NO_APPEND=1: printed only).
#
# Usage:
#   bench/scale/chaos.sh                                  # 5 minutes on PostgreSQL
#   DB=sqlite bench/scale/chaos.sh
#   DURATION=60s KILL_EVERY=15s NO_APPEND=1 bench/scale/chaos.sh   # what `make chaos-ci` runs
#   PLATTER_BIN=/tmp/platter-broken LABEL="…" bench/scale/chaos.sh  # another server binary
# Env: CUSTOMERS (6), PROMO_USES (the promo code's limit, 40), SLOT_CAPACITY (orders per delivery slot,
# 2), PG_ADMIN_URL (the local server, trust auth), CLOCK, KEEP=1 (keep the logs).
set -euo pipefail
cd "$(dirname "$0")/../.."
DB=${DB:-postgres}
DURATION=${DURATION:-5m}
KILL_EVERY=${KILL_EVERY:-20s}
CUSTOMERS=${CUSTOMERS:-6}
RESULTS=bench/RESULTS.md
[ -n "${NO_APPEND:-}" ] && RESULTS=
tmp=$(mktemp -d)
source bench/scale/lib.sh
[ -x "$BIN" ] || go build -o "$BIN" ./cmd/platter
go build -o "$tmp/chaosdriver" ./bench/scale/chaosdriver
go build -o "$tmp/chaoscheck" ./bench/scale/chaoscheck

driver=
cleanup() {
  [ -z "$driver" ] || kill "$driver" 2>/dev/null || true
  stop_all
  if [ -n "${KEEP:-}" ]; then echo "logs kept in $tmp" >&2; else rm -rf "$tmp"; fi
}
trap cleanup EXIT

n=3
[ "$DB" = sqlite ] && n=1
smtp_port=$(free_port) hooks_port=$(free_port)
SMTP_URL="smtp://127.0.0.1:$smtp_port"
fresh_db "$DB"
for i in $(seq 0 $((n - 1))); do start_instance "$i"; done
start_haproxy "$n"
load_avg=$(cut -d" " -f1-3 /proc/loadavg)

mkdir "$tmp/logs"
"$tmp/chaosdriver" -url "http://127.0.0.1:$LB_PORT" -logs "$tmp/logs" -smtp "127.0.0.1:$smtp_port" \
  -hooks "127.0.0.1:$hooks_port" -customers "$CUSTOMERS" -duration "$DURATION" \
  -promo-uses "${PROMO_USES:-40}" -slot-capacity "${SLOT_CAPACITY:-2}" >"$tmp/driver.out" 2>"$tmp/driver.log" &
driver=$!

# Kill one instance every KILL_EVERY (round robin) for DURATION. The
# customers then finish the checkouts under way (a payment a killed
# instance had claimed waits for its 2-minute lease).
every=$(seconds "$KILL_EVERY") load_end=$((SECONDS + $(seconds "$DURATION")))
kills=0 k=0 next=$((SECONDS + every))
until grep -q "load done" "$tmp/driver.out"; do
  kill -0 "$driver" 2>/dev/null || { cat "$tmp/driver.log" >&2; exit 1; }
  if [ $SECONDS -ge $next ] && [ $SECONDS -lt $load_end ]; then
    kill -9 "${PIDS[$k]}"; wait "${PIDS[$k]}" 2>/dev/null || true
    start_instance "$k"
    kills=$((kills + 1)) k=$(((k + 1) % n)) next=$((SECONDS + every))
  fi
  sleep 0.2 # the pace of this loop, not a wait for readiness
done

# The instances finish what was queued (mail, webhooks, refunds; a claim
# made by a killed instance waits for its lease), the streams catch up.
"$tmp/chaoscheck" -db "$DB_URL" -logs "$tmp/logs" -settle 6m -settle-only
kill -TERM "$driver"
wait "$driver" || { cat "$tmp/driver.log" >&2; exit 1; }
driver=
calls=$(wc -l <"$tmp/logs/calls.jsonl")
stop_servers

label=${LABEL:-$BIN}
db_label="PostgreSQL, 3 instances behind HAProxy"
[ "$DB" = sqlite ] && db_label="SQLite, 1 instance behind HAProxy"
if [ -n "$RESULTS" ]; then
  {
    echo
    echo "## Chaos: $db_label, kill -9 every $KILL_EVERY for $DURATION — $(date -u +%Y-%m-%dT%H:%MZ) ($(git rev-parse --short HEAD))"
    echo "bench/scale/chaos.sh: $CUSTOMERS customers (chaosdriver) through HAProxy; $kills instances killed with SIGKILL and restarted; $calls calls logged. Binary: $label. Load average before the run: $load_avg (a 2-core machine shared with a CI loop)."
    echo
  } >>"$RESULTS"
fi
status=0
"$tmp/chaoscheck" -db "$DB_URL" -logs "$tmp/logs" ${RESULTS:+-results "$RESULTS"} || status=$?
echo "chaos ($DB): $kills kills, $calls calls; checker exit $status" >&2
exit $status
