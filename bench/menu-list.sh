#!/usr/bin/env bash
# Loads menu/list of demo-burgers/soho and, in the same run, a static asset of
# similar size served by the same binary, with wrk at 32 connections for 20 s
# each; appends req/s, p50 and p99 of both and their ratio to bench/RESULTS.md.
# Goal: menu/list at >= 50 % of the static asset's rate, p99 <= 10 ms.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-20s}
CONNS=${CONNS:-32}
command -v wrk >/dev/null || { echo "wrk is needed: apt-get install -y wrk"; exit 1; }
[ -x bin/platter ] || make build

tmp=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
export PLATTER_DATABASE_URL="sqlite:$tmp/bench.db" PLATTER_ADDR="127.0.0.1:$port"
bin/platter demo >/dev/null
bin/platter serve >"$tmp/serve.out" 2>"$tmp/serve.log" &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$tmp"' EXIT
base="http://127.0.0.1:$port"
for _ in $(seq 50); do curl -fs "$base/readyz" >/dev/null && break; sleep 0.1; done

body='{"filter":{"business_slug":"demo-burgers","venue_slug":"soho","order_type":0}}'
menu_bytes=$(curl -fs -X POST -H 'Content-Type: application/json' -d "$body" "$base/api/v3/menu/list" | wc -c)
# The static file of the built app closest in size to the menu answer.
asset=$(cd web/dist && find assets -type f -printf '%s %p\n' |
  awk -v m="$menu_bytes" '{d=$1-m; if(d<0)d=-d; print d, $1, $2}' | sort -n | head -n1)
asset_bytes=$(echo "$asset" | awk '{print $2}')
asset_path=$(echo "$asset" | awk '{print $3}')

cat >"$tmp/post.lua" <<LUA
wrk.method = "POST"
wrk.body = '$body'
wrk.headers["Content-Type"] = "application/json"
LUA

measure() { # url [script] -> "rps p50_ms p99_ms"
  local out
  if [ -n "${2:-}" ]; then out=$(wrk -t2 -c"$CONNS" -d"$DURATION" --latency -s "$2" "$1")
  else out=$(wrk -t2 -c"$CONNS" -d"$DURATION" --latency "$1"); fi
  echo "$out" >&2
  local rps p50 p99
  rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  p50=$(echo "$out" | awk '$1=="50%" {print $2}')
  p99=$(echo "$out" | awk '$1=="99%" {print $2}')
  echo "$rps $(to_ms "$p50") $(to_ms "$p99")"
}
to_ms() { # wrk prints 812.00us, 1.20ms or 1.01s
  awk -v v="$1" 'BEGIN { n=v+0; if (v ~ /us$/) n/=1000; else if (v ~ /ms$/) n=n; else if (v ~ /s$/) n*=1000; printf "%.2f", n }'
}

read -r m_rps m_p50 m_p99 < <(measure "$base/api/v3/menu/list" "$tmp/post.lua")
read -r s_rps s_p50 s_p99 < <(measure "$base/$asset_path")
ratio=$(awk -v a="$m_rps" -v b="$s_rps" 'BEGIN { printf "%.0f", 100*a/b }')
verdict="meets the goal"
awk -v r="$ratio" -v p="$m_p99" 'BEGIN { exit !(r >= 50 && p <= 10) }' || verdict="MISSES the goal"

machine="$(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr), $(go version | awk '{print $3}')"
[ -f bench/RESULTS.md ] || printf '# Benchmark results\n\nAppended by the scripts in bench/; newest last.\n' > bench/RESULTS.md
cat >>bench/RESULTS.md <<MD

## menu/list vs static asset — $(date -u +%Y-%m-%dT%H:%MZ) ($(git describe --always --dirty 2>/dev/null || echo unknown))
Machine: $machine. wrk -t2 -c$CONNS -d$DURATION on loopback, SQLite, demo data; server and load on the same machine.

| target | bytes | req/s | p50 ms | p99 ms |
|---|---|---|---|---|
| POST /api/v3/menu/list (demo-burgers/soho, delivery) | $menu_bytes | $m_rps | $m_p50 | $m_p99 |
| GET /$asset_path | $asset_bytes | $s_rps | $s_p50 | $s_p99 |

menu/list runs at $ratio % of the static asset's rate, p99 $m_p99 ms: $verdict (goal: >= 50 %, p99 <= 10 ms).
MD
tail -n 9 bench/RESULTS.md
