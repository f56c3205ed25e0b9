#!/usr/bin/env bash
# Loads menu/list of demo-burgers/soho (order type 0, no compression, as
# wrk sends no Accept-Encoding) and, in the same run, the ceiling: a bare
# net/http server (bench/bare) answering every request with the very bytes
# menu/list answered, no routing, middleware or database. wrk -t2 at CONNS
# connections for DURATION each, ROUNDS times alternating (menu/list,
# bare, menu/list, …), so both see the same machine. Appends req/s, p50,
# p99, the server's CPU per request (from /proc: unlike the rate, it barely
# moves with what else the machine runs) and the load average of each
# round, then the ratio of the best rounds, to bench/RESULTS.md
# (NO_APPEND=1: print only).
# PLATTER_BIN runs another server binary (default bin/platter), for a
# before/after pair in the same conditions.
# Goal (issue 23): menu/list at >= 75 % of the bare ceiling, p99 <= 5 ms.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-15s}
CONNS=${CONNS:-32}
ROUNDS=${ROUNDS:-2}
BIN=${PLATTER_BIN:-bin/platter}
command -v wrk >/dev/null || { echo "wrk is needed: apt-get install -y wrk"; exit 1; }
[ -x "$BIN" ] || make build
go build -o bin/bench-bare ./bench/bare

tmp=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
bare_port=$((port + 1))
export PLATTER_DATABASE_URL="sqlite:$tmp/bench.db" PLATTER_ADDR="127.0.0.1:$port" PLATTER_METRICS_ADDR=off
"$BIN" demo >/dev/null
"$BIN" serve >"$tmp/serve.out" 2>"$tmp/serve.log" &
pid=$!
bare_pid=
trap 'kill $pid $bare_pid 2>/dev/null; wait $pid $bare_pid 2>/dev/null; rm -rf "$tmp"' EXIT
base="http://127.0.0.1:$port"
for _ in $(seq 100); do curl -fs "$base/readyz" >/dev/null && break; sleep 0.1; done

body='{"filter":{"business_slug":"demo-burgers","venue_slug":"soho","order_type":0}}'
curl -fs -X POST -H 'Content-Type: application/json' -d "$body" "$base/api/v3/menu/list" >"$tmp/menu.json"
menu_bytes=$(wc -c <"$tmp/menu.json")
bin/bench-bare -addr "127.0.0.1:$bare_port" -body "$tmp/menu.json" &
bare_pid=$!
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$bare_port/" >/dev/null && break; sleep 0.1; done

cat >"$tmp/post.lua" <<LUA
wrk.method = "POST"
wrk.body = '$body'
wrk.headers["Content-Type"] = "application/json"
LUA

to_ms() { # wrk prints 812.00us, 1.20ms or 1.01s
  awk -v v="$1" 'BEGIN { n=v+0; if (v ~ /us$/) n/=1000; else if (v ~ /ms$/) n=n; else if (v ~ /s$/) n*=1000; printf "%.2f", n }'
}
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
measure() { # url pid -> "rps p50_ms p99_ms cpu_us_per_request load"
  local load c0 c1 out rps p50 p99 n
  load=$(cut -d' ' -f1 /proc/loadavg)
  c0=$(cpu_ticks "$2")
  out=$(wrk -t2 -c"$CONNS" -d"$DURATION" --latency -s "$tmp/post.lua" "$1")
  c1=$(cpu_ticks "$2")
  echo "$out" >&2
  rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  p50=$(echo "$out" | awk '$1=="50%" {print $2}')
  p99=$(echo "$out" | awk '$1=="99%" {print $2}')
  n=$(echo "$out" | awk '/requests in/ {print $1}')
  echo "$rps $(to_ms "$p50") $(to_ms "$p99") $(awk -v a="$c0" -v b="$c1" -v n="$n" -v t="$(getconf CLK_TCK)" \
    'BEGIN { printf "%.1f", (b - a) / t * 1e6 / n }') $load"
}

rows=
best_m=0 best_b=0 best_p99=
for round in $(seq "$ROUNDS"); do
  read -r m_rps m_p50 m_p99 m_cpu m_load < <(measure "$base/api/v3/menu/list" "$pid")
  read -r b_rps b_p50 b_p99 b_cpu b_load < <(measure "http://127.0.0.1:$bare_port/api/v3/menu/list" "$bare_pid")
  rows+="| $round | POST /api/v3/menu/list | $m_rps | $m_p50 | $m_p99 | $m_cpu | $m_load |"$'\n'
  rows+="| $round | bare net/http, same bytes | $b_rps | $b_p50 | $b_p99 | $b_cpu | $b_load |"$'\n'
  if awk -v a="$m_rps" -v b="$best_m" 'BEGIN { exit !(a > b) }'; then best_m=$m_rps best_p99=$m_p99; fi
  if awk -v a="$b_rps" -v b="$best_b" 'BEGIN { exit !(a > b) }'; then best_b=$b_rps; fi
done
ratio=$(awk -v a="$best_m" -v b="$best_b" 'BEGIN { printf "%.0f", 100*a/b }')
verdict="meets the goal"
awk -v r="$ratio" -v p="$best_p99" 'BEGIN { exit !(r >= 75 && p <= 5) }' || verdict="MISSES the goal"

RESULTS=bench/RESULTS.md
[ -n "${NO_APPEND:-}" ] && RESULTS=/dev/stdout
machine="$(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr), $(go version | awk '{print $3}')"
cat >>"$RESULTS" <<MD

## menu/list vs a bare net/http server — $(date -u +%Y-%m-%dT%H:%MZ) ($(git describe --always --dirty 2>/dev/null || echo unknown))
Machine: $machine. Binary: ${LABEL:-$BIN}. wrk -t2 -c$CONNS -d$DURATION on loopback, $ROUNDS rounds alternating; SQLite, demo data; server, ceiling and wrk on the same machine. Both answer the same $menu_bytes bytes (demo-burgers/soho, delivery, uncompressed).

| round | target | req/s | p50 ms | p99 ms | server CPU µs/request | load average (1 min) at start |
|---|---|---|---|---|---|---|
${rows%$'\n'}

menu/list's best round is $ratio % of the bare ceiling's, p99 $best_p99 ms: $verdict (issue 23: >= 75 %, p99 <= 5 ms).
MD
[ -n "${NO_APPEND:-}" ] || tail -n $((ROUNDS * 2 + 7)) bench/RESULTS.md
