#!/usr/bin/env bash
# Peak memory of a real `platter serve` under a burst of concurrent
# sign-ins (issue 8: argon2id takes 19 MiB per hash). Starts the binary on a
# fresh SQLite database with the demo data, sends N (default 100) sign-ins
# at once (distinct unknown addresses, each costing one hash), and reports
# the process's VmHWM (peak resident set) from /proc and how the calls were
# answered; appends the result to bench/RESULTS.md unless NO_RECORD=1.
# Usage: bench/signin-memory.sh [path/to/platter]   (default bin/platter)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${N:-100}
bin=${1:-bin/platter}
[ -x "$bin" ] || { go build -o bin/platter ./cmd/platter; bin=bin/platter; }

tmp=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
export PLATTER_DATABASE_URL="sqlite:$tmp/bench.db" PLATTER_ADDR="127.0.0.1:$port" PLATTER_METRICS_ADDR=""
"$bin" demo >/dev/null
"$bin" serve >"$tmp/serve.out" 2>"$tmp/serve.log" &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$tmp"' EXIT
base="http://127.0.0.1:$port"
for _ in $(seq 100); do curl -fs "$base/healthz" >/dev/null && break; sleep 0.1; done

hwm() { awk '/VmHWM/ {print $2}' "/proc/$pid/status"; }
before=$(hwm)
start=$(date +%s.%N)
for i in $(seq "$N"); do
  curl -s -o /dev/null -w '%{http_code}\n' --max-time 60 -X POST -H 'Content-Type: application/json' \
    -d "{\"data\":{\"business_slug\":\"demo-burgers\",\"email\":\"bench$i@example.test\",\"password\":\"Wrong-pass-1\"}}" \
    "$base/api/v3/auth/signin" >>"$tmp/codes" &
done
wait $(jobs -p | grep -v "^$pid$") 2>/dev/null || true
secs=$(echo "$(date +%s.%N) - $start" | bc)
after=$(hwm)
answers=$(sort "$tmp/codes" | uniq -c | awk '{printf "%s×%s ", $1, $2}')
rev=$(git rev-parse --short HEAD 2>/dev/null || echo "?")
line="| $N | $((before / 1024)) | $((after / 1024)) | $answers| $(printf '%.1f' "$secs") |"
echo "binary $bin: VmHWM before ${before} kB, after ${after} kB; answers: $answers; ${secs}s"
if [ "${NO_RECORD:-}" != 1 ]; then
  {
    echo
    echo "## Peak memory under $N concurrent sign-ins — $(date -u +%Y-%m-%dT%H:%MZ) ($rev)"
    echo "Binary: ${LABEL:-$bin}. Machine: $(nproc) cores, Linux $(uname -r), $(go version | awk '{print $3}'), load average $(cut -d' ' -f1 /proc/loadavg) at the start. SQLite, demo data; load (curl) and server on one machine."
    echo
    echo "| sign-ins | VmHWM before (MiB) | VmHWM after (MiB) | answers | seconds |"
    echo "|---|---|---|---|---|"
    echo "$line"
  } >>bench/RESULTS.md
fi
