#!/usr/bin/env bash
# The mail server is down while N leads arrive, then comes back: every lead
# is mailed, none twice (the outbox retries with backoff; leases keep a mail
# to one sender).
#   bench/fault-mail.sh [N=1000]     PORT (8187), SMTP_PORT (2526)
source "$(dirname "$0")/lib.sh"
n="${1:-1000}"
[ "$n" -le 5000 ] || { echo "at most 5000" >&2; exit 2; }
smtp_port="${SMTP_PORT:-2526}"
build_tools
data="$(mktemp -d /tmp/forecourt-bench-mail.XXXXXX)"
extra_cleanup="rm -rf '$data'; [ -n \"\${sink_pid:-}\" ] && kill \$sink_pid 2>/dev/null || true"
SCALE=0.05 DATA_DIR="$data" "$bin" seed --scale 0.05 >/dev/null
start_server "${lead_env[@]}" DATA_DIR="$data" RENDER_WORKERS=0 SMTP_ADDR="127.0.0.1:$smtp_port" SMTP_FROM=web@forecourt.test
read -r car email < <(lead_target)
lead_lines "$n" "bench-mail-$$" "$car" "$email" >"$work/targets"
start=$(date +%s)
"$loadgen" -base "$base" -targets "$work/targets" -c 8 -n "$n" -duration 600s >"$work/post.json"
echo "posted $n leads with the mail server down: $(cat "$work/post.json")"
failed=$(grep -c '"level":"WARN"' "$work/server.log" || true)
echo "delivery attempts logged as failed while down: $failed"
"$smtpsink" -addr "127.0.0.1:$smtp_port" -status "$work/sink.json" &
sink_pid=$!
up=$(date +%s)
for _ in $(seq 1 600); do
  sleep 1
  got=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["distinct_references"])' "$work/sink.json" 2>/dev/null || echo 0)
  [ "$got" -ge "$n" ] && break
done
delivered_after=$(( $(date +%s) - up ))
sleep 10 # time for a second delivery, if there were going to be one
cat "$work/sink.json"; echo
echo "all delivered ${delivered_after} s after the mail server came back (posting took $(( up - start )) s)"
python3 -c '
import json,sys
c=json.load(open(sys.argv[1])); n=int(sys.argv[2])
ok = c["distinct_references"]==n and c["duplicates"]==0 and c["messages"]==n
print("PASS: %d delivered, none twice" % n if ok else "FAIL: %s" % c); sys.exit(0 if ok else 1)' "$work/sink.json" "$n"
