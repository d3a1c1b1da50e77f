#!/usr/bin/env bash
# Load test of a page over loopback: requests/s and latency percentiles at
# concurrency 16 with wrk (one thread, so the load generator takes as little
# of the two cores as possible). Starts its own server on a free port with a
# seeded data folder, runs each scenario for a bounded time and stops.
#
#   bench/pages.sh [path] [seconds]      e.g. bench/pages.sh / 15
#
# Scenarios: rendered (RENDER_CACHE=0: every request renders in Node),
# rendered+cache (default: HTML cached by page-data hash), fallback
# (--no-render: client-side rendering document).
set -euo pipefail
cd "$(dirname "$0")/.."
path="${1:-/}"
secs="${2:-15}"
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
[ -x bin/forecourt ] || make build >/dev/null
data="${BENCH_DATA_DIR:-/tmp/forecourt-bench-data}"
DATA_DIR="$data" ./bin/forecourt seed >/dev/null
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')

run() {
  local name="$1"; shift
  env DATA_DIR="$data" PORT="$port" ACCESS_LOG=false "$@" >/tmp/forecourt-bench-server.log 2>&1 &
  local pid=$!
  for _ in $(seq 1 200); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
  # Wait for the search indexes so catalogue pages measure steady state.
  for _ in $(seq 1 300); do curl -s "http://127.0.0.1:$port/healthz" | grep -q '"search":"ok' && break; sleep 0.1; done
  curl -s -o /dev/null "http://127.0.0.1:$port$path" # warm up
  echo "== $name  GET $path  c=16 ${secs}s"
  wrk -t1 -c16 -d"${secs}s" --latency -H 'Accept-Encoding: gzip' "http://127.0.0.1:$port$path" | grep -E 'Requests/sec|50%|99%|Non-2xx|Socket errors'
  kill "$pid"; wait "$pid" 2>/dev/null || true
}

run "rendered (no cache)" env RENDER_CACHE=0 ./bin/forecourt serve
run "rendered + cache" ./bin/forecourt serve
run "client-side fallback" ./bin/forecourt serve --no-render
