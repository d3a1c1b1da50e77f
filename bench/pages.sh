#!/usr/bin/env bash
# Page load test over loopback with wrk: requests/s and latency percentiles
# at concurrency 16 (one wrk thread, so the load generator takes as little
# of the two cores as it can). Starts its own server on a free port with the
# seeded demo data, runs each scenario for a bounded time and stops.
#
#   bench/pages.sh home    [seconds]   the group-se home page
#   bench/pages.sh list    [seconds]   the car list /bilar and brand/model lists
#   bench/pages.sh detail  [seconds]   600 different car detail pages in turn
#   bench/pages.sh detail-all [seconds] every group-se car's detail page (~20 500,
#                                      from the sitemap) in a random order: the long tail
#   bench/pages.sh list-tail [seconds] 1 000 distinct car list URLs (brand, model, fuel,
#                                      price and mileage ranges, sort, keyphrase; seeded)
#   bench/pages.sh path /om-oss [seconds]
#
# Each scenario is warmed up (the first 300 paths once, then 5 s of unmeasured
# load).
# Scenarios per page: "rendered" (RENDER_CACHE=0: every request renders in
# Node), "default" (HTML cached by page-data hash; for detail pages the 600
# URLs exceed the 512-entry cache, so every request still renders) and
# "fallback" (--no-render: the client-side rendering document).
# BENCH_SCENARIOS picks them (default "rendered default fallback"); a fourth,
# "norender", runs RENDER_CACHE=0 with bench/constant-render-worker.mjs, whose
# render costs nothing (its pages are wrong): the most a faster renderer
# could give, everything but React's render.
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
# BENCH_PORT picks the port (a shared machine may give each user a range).
port=${BENCH_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')}
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
    detail-all)
      # Every car of the sitemap, shuffled (seeded, so runs compare).
      curl -s "$base/sitemap.xml" | python3 -c '
import random, re, sys
paths = sorted(set(re.findall(r"<loc>https?://[^/<]+(/bilar/[0-9]+/[^<]*)</loc>", sys.stdin.read())))
random.Random(13).shuffle(paths)
print("\n".join(paths))' ;;
    list-tail) list_tail_paths ;;
    *) echo "unknown page set $what" >&2; exit 2 ;;
  esac
}

# list_tail_paths prints 1 000 distinct, realistic car list URLs built from the
# index's own facet values (brand > model, fuel), price and mileage ranges, sorts
# and keyphrases, as the filter panel and the search box make them.
list_tail_paths() {
  curl -s -XPOST "$base/api/search" -d '{"index":"vehicles_group_se","limit":0,"facets":[{"name":"car_brand","child_name":"car_model"},{"name":"car_fuel"}]}' |
    python3 -c '
import json, random, sys, urllib.parse
res = json.load(sys.stdin)
facets = {f["name"]: f for f in res["facet"]}
def values(f): return [v for v in f.get("values", [])]
brands = values(facets["car_brand"])
fuels = [v["text"] for v in values(facets["car_fuel"])]
r = random.Random(13)
sorts = ["car_publishdate_desc", "car_price_asc", "car_price_desc", "car_mileage_asc", "car_year_desc", "car_power_desc"]
prices = [(0, 150000), (100000, 250000), (150000, 300000), (200000, 400000), (300000, 600000), (400000, 900000), (0, 200000)]
miles = [(0, 1000), (0, 3000), (0, 5000), (1000, 8000), (5000, 15000), (0, 10000)]
words = ["drag", "dragkrok", "awd", "4x4", "automat", "panorama", "skinn", "navigation", "kombi", "suv", "laddhybrid", "el", "diesel", "stockholm", "göteborg", "malmö", "vit", "svart", "r-design", "plus"]
out, seen = [], set()
while len(out) < 1000:
    q = []
    b = r.choice(brands) if r.random() < 0.75 else None
    if b:
        q.append(("car_brand", b["text"]))
        kids = b.get("children") or []
        if kids and r.random() < 0.5:
            q.append(("car_model", b["text"] + ">" + r.choice(kids)["text"]))
    if r.random() < 0.4: q.append(("car_fuel", r.choice(fuels)))
    if r.random() < 0.4: q.append(("car_price", "%d-%d" % r.choice(prices)))
    if r.random() < 0.3: q.append(("car_mileage", "%d-%d" % r.choice(miles)))
    if r.random() < 0.25: q.append(("keyphrase", r.choice(words)))
    if r.random() < 0.6: q.append(("sort", r.choice(sorts)))
    p = "/bilar" + ("?" + urllib.parse.urlencode(q) if q else "")
    if p not in seen:
        seen.add(p); out.append(p)
print("\n".join(out))' ;
}

# cputicks prints the user + system clock ticks of a process; childticks
# the sum over its child processes (the render workers).
cputicks() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
childticks() {
  local t=0 c
  for c in $(ps --ppid "$1" -o pid= 2>/dev/null); do t=$((t + $(cputicks "$c"))); done
  echo "$t"
}

run() {
  local name="$1"; shift
  env DATA_DIR="$data" PORT="$port" ACCESS_LOG=false "$@" >"$work/server.log" 2>&1 &
  local pid=$!
  # /healthz answers 200 once the search indexes are built.
  # (up to 5 minutes: a shared, loaded machine builds them slowly)
  for _ in $(seq 1 3000); do curl -sf "$base/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
  paths > "$work/paths.txt"
  # Warm up: every path once, then 5 s of load that is not measured (JIT of
  # the Node workers, the Go heap reaching its steady size).
  head -n 300 "$work/paths.txt" | while read -r p; do curl -s -o /dev/null "$base$p"; done
  wrk -t1 -c16 -d5s -s "$work/paths.lua" "$base" >/dev/null
  echo "== $what: $name, $(wc -l < "$work/paths.txt") paths, c=16, ${secs}s"
  # CPU time (user + system) of the server and of its render workers over
  # the measured run, per request: what a page costs whatever the machine's
  # load adds to the wall times.
  local go0 node0; go0=$(cputicks "$pid"); node0=$(childticks "$pid")
  wrk -t1 -c16 -d"${secs}s" --latency -s "$work/paths.lua" "$base" > "$work/wrk.txt"
  local go1 node1 reqs; go1=$(cputicks "$pid"); node1=$(childticks "$pid")
  grep -E 'Requests/sec|50%|99%|Non-2xx|Socket errors' "$work/wrk.txt"
  reqs=$(awk '/requests in/ {print $1}' "$work/wrk.txt")
  python3 -c "import os; t=os.sysconf('SC_CLK_TCK'); r=max(1,int('$reqs' or 0)); print('   CPU per page: server %.2f ms, render workers %.2f ms (%s requests)' % (($go1-$go0)*1000/t/r, ($node1-$node0)*1000/t/r, r))"
  local workers; workers=$( (ps --ppid "$pid" -o rss= || true) | awk '{s+=$1} END {print s+0}')
  echo "   server RSS after: $(( $(ps -o rss= -p "$pid" || echo 0) / 1024 )) MiB (render workers $(( workers / 1024 )) MiB); load average $(cut -d' ' -f1-3 /proc/loadavg)"
  kill "$pid"; wait "$pid" 2>/dev/null || true
}

# norender_web is a web directory whose render worker is the constant one.
norender_web() {
  mkdir -p "$work/web/ssr"
  ln -sfn "$PWD/web/dist" "$work/web/dist"
  ln -sfn "$PWD/web/node_modules" "$work/web/node_modules"
  ln -sfn "$PWD/bench/constant-render-worker.mjs" "$work/web/ssr/worker.mjs"
  echo "$work/web"
}

for scenario in ${BENCH_SCENARIOS:-rendered default fallback}; do
  case "$scenario" in
    rendered) run "rendered (RENDER_CACHE=0)" env RENDER_CACHE=0 ./bin/forecourt serve ;;
    default) run "default" ./bin/forecourt serve ;;
    fallback) run "client-side fallback" ./bin/forecourt serve --no-render ;;
    norender) run "no render cost (constant-render worker, RENDER_CACHE=0)" env RENDER_CACHE=0 WEB_DIR="$(norender_web)" ./bin/forecourt serve ;;
    *) echo "unknown scenario $scenario" >&2; exit 2 ;;
  esac
done
