#!/usr/bin/env bash
# The document cache and the pre-render, beside the static limit, in one run:
#
#   bench/doccache.sh [seconds]
#
# Starts its own server on the seeded demo data (PRERENDER_SHARE_PCT from the
# environment, default 25) and a static Go server (bench/staticserve) that
# sends /bilar's own bytes (document and headers) from memory, then runs wrk -t2 -c16 from the same
# two cores over loopback, each run bounded by [seconds] (default 15):
#   1. /bilar, gzip and identity: the static limit, then the server (cached);
#   2. while the pre-render of every car runs: /bilar again (what pre-rendering
#      costs while serving) and the pre-render's progress;
#   3. once it is done (its time from /healthz): every group-se car page in a
#      random order (~20 500, from the sitemap), and 1 000 list URLs
#      (bench/pages.sh list-tail's) after one pass over them.
# The server's RSS is sampled every second throughout; the largest is printed.
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-15}"
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
[ -x bin/forecourt ] || make build >/dev/null
go build -o bin/staticserve ./bench/staticserve
data="${BENCH_DATA_DIR:-/tmp/forecourt-bench-data}"
DATA_DIR="$data" ./bin/forecourt seed >/dev/null
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
port=${BENCH_PORT:-$(free_port)}
base="http://127.0.0.1:$port"
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

env DATA_DIR="$data" PORT="$port" ACCESS_LOG=false PRERENDER_SHARE_PCT="${PRERENDER_SHARE_PCT:-25}" ./bin/forecourt serve >"$work/server.log" 2>&1 &
srv=$!; pids+=("$srv")
( while kill -0 "$srv" 2>/dev/null; do ps -o rss= -p "$srv" >>"$work/rss.txt" 2>/dev/null || true; sleep 1; done ) &
pids+=("$!")
for _ in $(seq 1 3000); do curl -sf "$base/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
started=$(date +%s)
# The first visitor tells the pre-renderer the origin to make documents for.
curl -s -o "$work/bilar.html" "$base/bilar"
curl -s -H 'Accept-Encoding: gzip' -D "$work/bilar.headers" -o "$work/bilar.gz" "$base/bilar"
# The static limit sends the same bytes: the document and the page's headers.
./bin/staticserve -gz "$work/bilar.gz" -plain "$work/bilar.html" -headers "$work/bilar.headers" >"$work/static.addr" &
pids+=("$!")
for _ in $(seq 1 100); do [ -s "$work/static.addr" ] && break; sleep 0.1; done
static="http://$(cat "$work/static.addr")"
echo "load average at start $(cut -d' ' -f1-3 /proc/loadavg); /bilar is $(wc -c <"$work/bilar.html") bytes, $(wc -c <"$work/bilar.gz") gzipped"

cat > "$work/gz.lua" <<'LUA'
wrk.headers["Accept-Encoding"] = "gzip"
LUA
cat > "$work/paths.lua" <<LUA
local paths = {}
for line in io.lines("$work/paths.txt") do paths[#paths + 1] = line end
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i], { ["Accept-Encoding"] = "gzip" })
end
LUA
measure() { # name url [wrk args...]
  local name="$1" url="$2"; shift 2
  wrk -t2 -c16 -d"${secs}s" --latency "$@" "$url" >"$work/wrk.txt"
  printf '%-44s %8s/s  p50 %-9s p99 %-9s %s\n' "$name" \
    "$(awk '/Requests\/sec/ {print $2}' "$work/wrk.txt")" \
    "$(awk '$1=="50%" {print $2}' "$work/wrk.txt")" "$(awk '$1=="99%" {print $2}' "$work/wrk.txt")" \
    "$(grep -E 'Non-2xx|Socket errors' "$work/wrk.txt" | tr -s ' ' | tr '\n' ' ')"
}
prerender_state() { curl -s "$base/healthz" | python3 -c 'import json,sys; print(json.load(sys.stdin)["checks"].get("prerender",""))'; }

echo "== 1. /bilar, static limit and the server's document cache (wrk -t2 -c16, ${secs}s each)"
wrk -t2 -c16 -d3s -s "$work/gz.lua" "$base/bilar" >/dev/null
for enc in gzip identity; do
  lua=(); [ "$enc" = gzip ] && lua=(-s "$work/gz.lua")
  measure "static Go, /bilar's bytes, $enc" "$static/bilar" "${lua[@]}"
  measure "server /bilar, cached, $enc" "$base/bilar" "${lua[@]}"
done

echo "== 2. while the pre-render runs: $(prerender_state)"
measure "server /bilar, cached, gzip, pre-rendering" "$base/bilar" -s "$work/gz.lua"
echo "   pre-render: $(prerender_state)"
until prerender_state | grep -q 'group-se: done'; do
  if [ $(( $(date +%s) - started )) -gt 3600 ]; then echo "pre-render not done in an hour"; exit 1; fi
  sleep 5
done
echo "   pre-render done $(( $(date +%s) - started )) s after start: $(prerender_state)"

echo "== 3. after the pre-render"
curl -s "$base/sitemap.xml" | python3 -c '
import random, re, sys
paths = sorted(set(re.findall(r"<loc>https?://[^/<]+(/bilar/[0-9]+/[^<]*)</loc>", sys.stdin.read())))
random.Random(13).shuffle(paths)
print("\n".join(paths))' >"$work/paths.txt"
measure "car pages, $(wc -l <"$work/paths.txt") in random order, gzip" "$base" -s "$work/paths.lua"
bash -c "source <(sed -n '/^list_tail_paths()/,/^}/p' bench/pages.sh); base=$base; list_tail_paths" >"$work/paths.txt"
while read -r p; do curl -s -o /dev/null -H 'Accept-Encoding: gzip' "$base$p"; done <"$work/paths.txt"
measure "list pages, $(wc -l <"$work/paths.txt") filter URLs, gzip" "$base" -s "$work/paths.lua"
echo "server RSS: largest $(( $(sort -n "$work/rss.txt" | tail -1) / 1024 )) MiB over the run; load average $(cut -d' ' -f1-3 /proc/loadavg)"
