#!/usr/bin/env bash
# ci-repeat.sh N [--side-load]: run .ci/run N times in a row, each on a fresh
# clone of this checkout's HEAD, and say how each went with the machine's load
# average (sampled every 30 s). With --side-load a niced loop of full Go
# rebuilds runs beside each run: "another build loads the machine". Stops at
# the first failure. Logs and clones go under ${CI_REPEAT_DIR:-/tmp/ci-repeat}.
set -uo pipefail
n=${1:?usage: scripts/ci-repeat.sh N [--side-load]}
side=${2:-}
src=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
out=${CI_REPEAT_DIR:-/tmp/ci-repeat}
mkdir -p "$out"
loadavg() { cut -d' ' -f1-3 /proc/loadavg; }
for i in $(seq 1 "$n"); do
  d="$out/run$i"
  rm -rf "$d" && git clone -q "$src" "$d"
  commit=$(git -C "$d" rev-parse --short HEAD)
  sl=""
  if [ "$side" = "--side-load" ]; then
    rm -rf "$out/side" && git clone -q "$src" "$out/side"
    (cd "$out/side" && while true; do
      GOCACHE="$out/side-gocache" nice -n 5 go build -a -o /dev/null ./... >/dev/null 2>&1
      rm -rf "$out/side-gocache"
    done) &
    sl=$!
  fi
  (while sleep 30; do echo "$(date -u +%T) $(loadavg)"; done) >"$out/load$i.txt" &
  lp=$!
  start=$(date +%s)
  (cd "$d" && CI=true bash .ci/run) >"$out/run$i.log" 2>&1
  rc=$?
  kill "$lp"
  [ -n "$sl" ] && { pkill -P "$sl"; kill "$sl"; }
  loads=$(awk '{print $2}' "$out/load$i.txt" | sort -n | awk '{a[NR]=$1} END {if (NR) printf "%s–%s, median %s", a[1], a[NR], a[int((NR+1)/2)]}')
  echo "run $i of $n: commit $commit, exit $rc, $(($(date +%s) - start)) s, load $loads${side:+ (side load)}"
  [ "$rc" -eq 0 ] || exit "$rc"
done
