#!/usr/bin/env bash
# Soak: a fixed rate over a mix of pages and APIs for MINUTES, with the
# server's RSS and Go heap sampled every SAMPLE seconds. Memory must stay
# flat (no growth after warm-up) and every answer be 2xx/3xx/4xx as asked.
#   bench/soak.sh [MINUTES=30] [RATE=100]     PORT (8187), SAMPLE (60), SCALE (0.2)
source "$(dirname "$0")/lib.sh"
mins="${1:-30}"; rate="${2:-100}"; sample="${SAMPLE:-60}"
[ "$mins" -le 240 ] || { echo "at most 240 minutes" >&2; exit 2; }
build_tools
data="$(seeded_data)"
token="soak-metrics-token-0123456789"
start_server DATA_DIR="$data" RENDER_WORKERS=2 METRICS_TOKEN="$token"
{
  printf '%s\n' "GET /" "GET /om-oss" "GET /om-oss/historia" "GET /kampanjer" "GET /bilar" "GET /bilar/volvo" \
    "GET /bilar?car_fuel=El&sort=car_price_asc" "GET /bilar?car_price=200000-400000&page=2" "GET /robots.txt" "GET /sitemap.xml" \
    "GET /_img?src=/-/media/demo/car/suv/blue/1.jpg&w=640" "GET /_img?src=/-/media/demo/scene/city.jpg&w=1280" \
    "GET /api/stories?index=/nyheter&lang=sv&limit=4" \
    'POST /api/search {"index":"vehicles_group_se","limit":48,"fields":["car_id","slug","car_brand"],"facets":[{"name":"car_brand"}]}' \
    'POST /api/search {"index":"vehicles_group_se","limit":24,"keyphrase":"volvo","fields":["car_id"],"filters":{"car_fuel":["El"]}}' \
    'POST /api/search {"index":"sites_group_se","limit":48,"fields":["site_id","slug"]}' \
    "GET /bilar?keyphrase=$RANDOM" "GET /nonexistent-page"
  car_paths 60
} >"$work/targets"
"$loadgen" -base "$base" -targets "$work/targets" -c 16 -rate "$rate" -duration "${mins}m" >"$work/result.json" &
lg=$!
heap() { curl -fsS -H "Authorization: Bearer $token" "$base/metrics" | awk '/^go_memstats_heap_inuse_bytes /{printf "%.1f", $2/1048576}'; }
echo "minute  rss_mb  heap_inuse_mb  goroutines"
t0=$(date +%s)
while kill -0 "$lg" 2>/dev/null; do
  el=$(( $(date +%s) - t0 ))
  g=$(curl -fsS -H "Authorization: Bearer $token" "$base/metrics" | awk '/^go_goroutines /{print $2}')
  printf "%6.1f  %6.1f  %13s  %10s\n" "$(echo "$el/60" | bc -l)" "$(echo "$(rss_kb "$srv_pid")/1024" | bc -l)" "$(heap)" "$g"
  for _ in $(seq 1 "$sample"); do kill -0 "$lg" 2>/dev/null || break; sleep 1; done
done
wait "$lg"
printf "%6s  %6.1f  %13s\n" end "$(echo "$(rss_kb "$srv_pid")/1024" | bc -l)" "$(heap)"
cat "$work/result.json"
