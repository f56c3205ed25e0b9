# Shared by bench/scale/scale.sh and bench/scale/chaos.sh (sourced, not run):
# a fresh database, `platter serve` instances on ports of their own and
# HAProxy in front of them, configured as docs/operations.md ("Behind a load
# balancer") shows, without TLS. The caller sets $tmp (a temporary directory)
# and DB_URL, and calls stop_all on exit.

BIN=${PLATTER_BIN:-bin/platter}
CLOCK=${CLOCK:-2026-11-16T12:00:00Z} # a Monday noon in London: soho is open
PG_ADMIN_URL=${PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable}
clock_base=$(date -u -d "$CLOCK" +%s)
clock_t0=$(date +%s)
declare -a PORTS=() PIDS=()
HAPROXY_PID=
LB_PORT=

# clock_now is CLOCK plus the time since the script began: an instance
# started (or restarted) later gets a clock that agrees with the others'.
clock_now() { date -u -d "@$((clock_base + $(date +%s) - clock_t0))" +%Y-%m-%dT%H:%M:%SZ; }

# free_port: a port on 127.0.0.1 nothing listens on now (random, 20000–59999).
free_port() {
  local p
  while :; do
    p=$((20000 + RANDOM % 40000))
    (: <"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return; }
  done
}

# fresh_db KIND: DB_URL names a new, empty database (PostgreSQL: one of its
# own on the local server, dropped by stop_all; SQLite: a file in $tmp).
fresh_db() {
  if [ "$1" = sqlite ]; then
    DB_URL="sqlite:$tmp/platter.db"
  else
    DB_NAME="platter_scale_$$"
    psql "$PG_ADMIN_URL" -qc "CREATE DATABASE $DB_NAME" >/dev/null
    DB_URL="${PG_ADMIN_URL%/*}/$DB_NAME?sslmode=disable"
  fi
  PLATTER_DATABASE_URL="$DB_URL" "$BIN" demo >/dev/null
}

# wait_ready URL [PID LOG]: poll URL/readyz until it answers 200 (at most
# 120 s; the process, when given, must stay alive meanwhile).
wait_ready() {
  local deadline=$((SECONDS + 120))
  until curl -fs -o /dev/null --max-time 5 "$1/readyz"; do
    if [ -n "${2:-}" ] && ! kill -0 "$2" 2>/dev/null; then
      echo "process $2 died while starting; the end of $3:" >&2; tail -n 5 "$3" >&2; return 1
    fi
    [ $SECONDS -lt $deadline ] || { echo "$1/readyz not ready within 120 s" >&2; return 1; }
    sleep 0.1
  done
}

# start_instance I: `platter serve` number I on PORTS[I] (picked once).
start_instance() {
  local i=$1
  [ -n "${PORTS[$i]:-}" ] || PORTS[$i]=$(free_port)
  PLATTER_DATABASE_URL="$DB_URL" PLATTER_ADDR="127.0.0.1:${PORTS[$i]}" PLATTER_CLOCK="$(clock_now)" \
    PLATTER_TRUSTED_PROXIES=127.0.0.1 PLATTER_UNPAID_ORDERS_MAX=1000 PLATTER_METRICS_ADDR=off \
    PLATTER_SHUTDOWN_DELAY=0s PLATTER_WEBHOOKS_ALLOW_PRIVATE=1 PLATTER_SMTP_URL="${SMTP_URL:-}" \
    PLATTER_MAIL_FROM="Platter <orders@platter.test>" \
    "$BIN" serve >>"$tmp/serve-$i.out" 2>>"$tmp/serve-$i.log" &
  PIDS[$i]=$!
  wait_ready "http://127.0.0.1:${PORTS[$i]}" "${PIDS[$i]}" "$tmp/serve-$i.log"
}

# start_haproxy N: HAProxy on LB_PORT over instances 0..N-1, round robin,
# health-checking /readyz as docs/operations.md's example does.
start_haproxy() {
  local n=$1 cfg="$tmp/haproxy.cfg"
  [ -n "$LB_PORT" ] || LB_PORT=$(free_port)
  {
    echo "global"
    echo "    maxconn 4000"
    echo "defaults"
    echo "    mode http"
    echo "    timeout connect 2s"
    echo "    timeout client 1h"
    echo "    timeout server 1h            # order streams; ordinary calls answer in milliseconds"
    echo "    retries 3"
    echo "    option redispatch            # a refused connection (an instance down) goes to another"
    echo "frontend web"
    echo "    bind 127.0.0.1:$LB_PORT"
    echo "    option forwardfor"
    echo "    default_backend platter"
    echo "backend platter"
    echo "    balance roundrobin"
    echo "    option httpchk GET /readyz"
    echo "    http-check expect status 200"
    echo "    default-server inter 2s fall 2 rise 2"
    for i in $(seq 0 $((n - 1))); do echo "    server p$i 127.0.0.1:${PORTS[$i]} check"; done
  } >"$cfg"
  [ -z "$HAPROXY_PID" ] || { kill "$HAPROXY_PID"; wait "$HAPROXY_PID" 2>/dev/null || true; }
  /usr/sbin/haproxy -f "$cfg" -db >>"$tmp/haproxy.log" 2>&1 &
  HAPROXY_PID=$!
  wait_ready "http://127.0.0.1:$LB_PORT" "$HAPROXY_PID" "$tmp/haproxy.log"
}

# seconds 20s|5m|90: the duration in seconds.
seconds() { case $1 in *m) echo $((${1%m} * 60)) ;; *s) echo "${1%s}" ;; *) echo "$1" ;; esac; }

# stop_servers: the instances and HAProxy (SIGTERM, then wait for them).
stop_servers() {
  local p
  for p in "${PIDS[@]}" $HAPROXY_PID; do kill "$p" 2>/dev/null || true; done
  for p in "${PIDS[@]}" $HAPROXY_PID; do wait "$p" 2>/dev/null || true; done
  PIDS=() HAPROXY_PID=
}

# stop_all: stop_servers, and drop the PostgreSQL database made here.
stop_all() {
  stop_servers
  if [ -n "${DB_NAME:-}" ]; then
    psql "$PG_ADMIN_URL" -qc "DROP DATABASE IF EXISTS $DB_NAME WITH (FORCE)" >/dev/null || true
    DB_NAME=
  fi
}
