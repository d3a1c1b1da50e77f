# Shared helpers of the fault and soak scripts (sourced). Everything runs on
# loopback; every loop is bounded.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export PATH="/usr/local/go/bin:$PATH"
PORT="${PORT:-8187}"
base="http://127.0.0.1:$PORT"
work="$(mktemp -d /tmp/forecourt-bench.XXXXXX)"
bin="$work/forecourt"
loadgen="$work/loadgen"
smtpsink="$work/smtpsink"
srv_pid=""
cleanup() {
  [ -n "$srv_pid" ] && kill "$srv_pid" 2>/dev/null && wait "$srv_pid" 2>/dev/null || true
  [ -n "${extra_cleanup:-}" ] && eval "$extra_cleanup" || true
  rm -rf "$work"
}
trap cleanup EXIT

build_tools() {
  [ -f web/dist/server/entry-server.js ] || { echo "needs the front-end build: make build" >&2; exit 2; }
  go build -o "$bin" ./cmd/forecourt
  go build -o "$loadgen" ./bench/loadgen
  go build -o "$smtpsink" ./bench/smtpsink
}

# seeded_data DIR: a demo data dir (scale ${SCALE:-0.2}), reused between runs.
seeded_data() {
  local dir="/tmp/forecourt-bench-data-${SCALE:-0.2}"
  [ -f "$dir/forecourt.db" ] || DATA_DIR="$dir" "$bin" seed --scale "${SCALE:-0.2}" >/dev/null
  echo "$dir"
}

# start_server ENV...: forecourt serve with the given settings; waits for /healthz.
start_server() {
  env PORT="$PORT" ACCESS_LOG=false LOG_LEVEL=warn "$@" "$bin" serve >"$work/server.log" 2>&1 &
  srv_pid=$!
  for _ in $(seq 1 600); do
    curl -fsS "$base/healthz" >/dev/null 2>&1 && return 0
    kill -0 "$srv_pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
    sleep 0.1
  done
  echo "server did not come up" >&2; cat "$work/server.log" >&2; exit 1
}

stop_server() {
  kill "$srv_pid" 2>/dev/null || true
  wait "$srv_pid" 2>/dev/null || true
  srv_pid=""
}

# car_paths N: detail page paths of N group-se cars (pages of 48).
car_paths() {
  local n="$1" all="$work/car_paths"
  # Collected first, then cut: `head` closing a pipe would fail the script under pipefail.
  : >"$all"
  for off in $(seq 0 48 $((n - 1))); do
    curl -fsS -XPOST "$base/api/search" -d '{"index":"vehicles_group_se","limit":48,"offset":'"$off"',"fields":["car_id","slug"]}' |
      python3 -c 'import json,sys; [print("GET /bilar/%d/%s" % (c["car_id"], c["slug"])) for c in json.load(sys.stdin)["content"]]' >>"$all"
  done
  sed -n "1,${n}p" "$all"
}

# lead_target: "car_id email" of a group-se car with a seller.
lead_target() {
  curl -fsS -XPOST "$base/api/search" -d '{"index":"vehicles_group_se","limit":48,"fields":["car_id","car_sellers"],"filters":{"car_is_sample":["false"]}}' |
    python3 -c '
import json,sys
for c in json.load(sys.stdin)["content"]:
    for s in c.get("car_sellers") or []:
        if s.get("email"):
            print(c["car_id"], s["email"]); sys.exit(0)
sys.exit("no car with a seller")'
}

# Settings that let one loopback address send many leads (the forms' rate
# limits and minimum fill time are for visitors, not for these scripts).
lead_env=(FORMS_MIN_FILL_MS=1 FORMS_LIMIT_ADDRESS=1000000/1m FORMS_LIMIT_RECIPIENT=1000000/1m)

# lead_lines N PREFIX CAR EMAIL: N POST lines of distinct leads for loadgen,
# each with its own form ticket (GET /api/forms/ticket).
lead_lines() {
  python3 - "$base" "$@" <<'PY'
import json, sys, time, urllib.request
base, n, prefix, car, email = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
tickets = [json.load(urllib.request.urlopen(base + "/api/forms/ticket"))["ticket"] for _ in range(n)]
time.sleep(0.05)
for i in range(n):
    body = {"formName": "carDetailContact", "formSubmissionId": "%s-%06d" % (prefix, i), "ticket": tickets[i], "values": {
        "car": car, "name": "Anna Berg", "phone": "070 123 45 67", "email": "anna.berg@example.se",
        "message": "Är bilen kvar? Jag kan komma på lördag.", "quote": True, "testDrive": False,
        "toName": "Säljare", "toEmail": email, "source": "https://forecourt.se/bilar/%s/x" % car}}
    print("POST /api/forms/comhub " + json.dumps(body, ensure_ascii=False))
PY
}

rss_kb() { ps -o rss= -p "$1" | tr -d ' '; }
