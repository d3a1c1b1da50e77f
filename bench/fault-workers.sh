#!/usr/bin/env bash
# Render workers killed every second under load: every answer must still be
# 200 (a killed worker's request falls back to client-side rendering, the
# pool restarts it).
#   bench/fault-workers.sh [SECONDS=30]     PORT (8187), C (32), SCALE (0.2)
source "$(dirname "$0")/lib.sh"
secs="${1:-30}"
[ "$secs" -le 600 ] || { echo "at most 600 s" >&2; exit 2; }
build_tools
data="$(seeded_data)"
# No render cache: every page goes to the workers.
start_server DATA_DIR="$data" RENDER_WORKERS=2 RENDER_CACHE=0
{ printf '%s\n' "GET /" "GET /om-oss" "GET /om-oss/historia" "GET /bilar" "GET /bilar/volvo" "GET /bilar?car_fuel=El" "GET /kampanjer"; car_paths 40; } >"$work/targets"
"$loadgen" -base "$base" -targets "$work/targets" -c "${C:-32}" -duration "${secs}s" >"$work/result.json" &
lg=$!
kills=0
for _ in $(seq 1 "$secs"); do
  sleep 1
  pid="$(pgrep -P "$srv_pid" -f worker.mjs | head -1 || true)"
  [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null && kills=$((kills + 1))
done
wait "$lg"
echo "workers killed: $kills in ${secs} s at c=${C:-32}"
cat "$work/result.json"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); sys.exit(0 if r["non_200"]==0 else "non-200 answers: %d" % r["non_200"])' "$work/result.json"
echo "PASS: 0 non-200"
