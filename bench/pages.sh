#!/usr/bin/env bash
# Page load test over loopback with wrk: requests/s and latency percentiles
# at concurrency 16 (one wrk thread, so the load generator takes as little
# of the two cores as it can). Starts its own server on a free port with the
# seeded demo data, runs each scenario for a bounded time and stops.
#
#   bench/pages.sh home    [seconds]   the group-se home page
#   bench/pages.sh list    [seconds]   the car list /bilar and brand/model lists
#   bench/pages.sh detail  [seconds]   600 different car detail pages in turn
#   bench/pages.sh path /om-oss [seconds]
#
# Each scenario is warmed up (every path once, then 5 s of unmeasured load).
# Scenarios per page: "rendered" (RENDER_CACHE=0: every request renders in
# Node), "default" (HTML cached by page-data hash; for detail pages the 600
# URLs exceed the 512-entry cache, so every request still renders) and
# "fallback" (--no-render: the client-side rendering document).
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-home}"; shift || true
case "$what" in
  path) target="$1"; shift ;;
esac
secs="${1:-15}"
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
[ -x bin/forecourt ] || make build >/dev/null
data="${BENCH_DATA_DIR:-/tmp/forecourt-bench-data}"
DATA_DIR="$data" ./bin/forecourt seed >/dev/null
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# paths.lua requests the lines of paths.txt round robin.
cat > "$work/paths.lua" <<LUA
local paths = {}
for line in io.lines("$work/paths.txt") do paths[#paths + 1] = line end
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i], { ["Accept-Encoding"] = "gzip" })
end
LUA

paths() {
  case "$what" in
    home) echo / ;;
    path) echo "$target" ;;
    list) printf '%s\n' /bilar /bilar/volvo /bilar/bmw/x3 '/bilar?car_fuel=El&sort=car_price_asc' /bilar/volvo/xc60 '/bilar?car_price=200000-400000' ;;
    detail)
      # 600 cars in pages of 48 (the public search API's largest page).
      for off in $(seq 0 48 599); do
        curl -s -XPOST "$base/api/search" -d '{"index":"vehicles_group_se","limit":48,"offset":'"$off"',"fields":["car_id","slug"],"sort_name":"car_price_asc"}' |
          python3 -c 'import json,sys; [print("/bilar/%d/%s" % (c["car_id"], c["slug"])) for c in json.load(sys.stdin)["content"]]'
      done | head -600 ;;
    *) echo "unknown page set $what" >&2; exit 2 ;;
  esac
}

run() {
  local name="$1"; shift
  env DATA_DIR="$data" PORT="$port" ACCESS_LOG=false "$@" >"$work/server.log" 2>&1 &
  local pid=$!
  # /healthz answers 200 once the search indexes are built.
  for _ in $(seq 1 600); do curl -sf "$base/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
  paths > "$work/paths.txt"
  # Warm up: every path once, then 5 s of load that is not measured (JIT of
  # the Node workers, the Go heap reaching its steady size).
  while read -r p; do curl -s -o /dev/null "$base$p"; done < "$work/paths.txt"
  wrk -t1 -c16 -d5s -s "$work/paths.lua" "$base" >/dev/null
  echo "== $what: $name, $(wc -l < "$work/paths.txt") paths, c=16, ${secs}s"
  wrk -t1 -c16 -d"${secs}s" --latency -s "$work/paths.lua" "$base" | grep -E 'Requests/sec|50%|99%|Non-2xx|Socket errors'
  echo "   server RSS after: $(( $(ps -o rss= -p "$pid") / 1024 )) MiB"
  kill "$pid"; wait "$pid" 2>/dev/null || true
}

run "rendered (RENDER_CACHE=0)" env RENDER_CACHE=0 ./bin/forecourt serve
run "default" ./bin/forecourt serve
run "client-side fallback" ./bin/forecourt serve --no-render
