#!/usr/bin/env bash
# PostgreSQL restarted under load: requests that need the database fail
# cleanly (a 5xx JSON error, no hang, no crash) while it is down, and the
# server recovers by itself, without a restart. Uses a private PostgreSQL
# cluster on loopback (PG_PORT, default 25432) so no shared database is
# touched.
#   bench/fault-postgres.sh [SECONDS=40]     PORT (8187), PG_PORT (25432)
source "$(dirname "$0")/lib.sh"
secs="${1:-40}"
[ "$secs" -le 600 ] || { echo "at most 600 s" >&2; exit 2; }
# Below the ephemeral port range: while the database is down, the server's
# reconnecting clients could otherwise connect to themselves on that port
# (TCP self-connect) and keep PostgreSQL from binding it again.
pg_port="${PG_PORT:-25432}"
pgbin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
pgdata="$(mktemp -d /tmp/forecourt-bench-pg.XXXXXX)"
chown postgres "$pgdata" 2>/dev/null || true
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
extra_cleanup="as_pg '$pgbin/pg_ctl' -D '$pgdata' -m immediate stop >/dev/null 2>&1 || true; rm -rf '$pgdata'"
as_pg "$pgbin/initdb" -D "$pgdata" -A trust -U postgres >/dev/null
as_pg "$pgbin/pg_ctl" -D "$pgdata" -o "-p $pg_port -k $pgdata -c listen_addresses=127.0.0.1" -l "$pgdata/log" -t 120 -w start >/dev/null ||
  { echo "PostgreSQL did not start:"; tail -20 "$pgdata/log"; exit 1; }
db="postgres://postgres@127.0.0.1:$pg_port/postgres?sslmode=disable"
build_tools
DATABASE_URL="$db" "$bin" seed --scale 0.05 >/dev/null
start_server "${lead_env[@]}" DATABASE_URL="$db" RENDER_WORKERS=1
pid_before="$srv_pid"
read -r car email < <(lead_target)
# Pages (from memory) and leads (a database write each).
{ printf '%s\n' "GET /" "GET /bilar" "GET /om-oss"; lead_lines 2000 "bench-pg-$$" "$car" "$email"; } >"$work/targets"
"$loadgen" -base "$base" -targets "$work/targets" -c 16 -duration "${secs}s" >"$work/result.json" &
lg=$!
sleep $(( secs / 4 ))
t=$(date +%s.%N)
as_pg "$pgbin/pg_ctl" -D "$pgdata" -m fast -w stop >/dev/null
echo "PostgreSQL stopped"
sleep 5
started=""
for _ in 1 2 3; do
  if as_pg "$pgbin/pg_ctl" -D "$pgdata" -o "-p $pg_port -k $pgdata -c listen_addresses=127.0.0.1" -l "$pgdata/log" -t 120 -w start >/dev/null; then started=1; break; fi
  sleep 2
done
[ -n "$started" ] || { echo "PostgreSQL did not start again:"; tail -20 "$pgdata/log"; exit 1; }
echo "PostgreSQL started again after $(echo "$(date +%s.%N) - $t" | bc | cut -c1-4) s"
wait "$lg"
cat "$work/result.json"
python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))["status"]; bad={k:v for k,v in s.items() if k not in ("200","202","503")}; sys.exit("answers other than 200/202/503 while the database was down: %s" % bad if bad else 0)' "$work/result.json"
# Recovery: without restarting the server, leads are stored again.
ok=0
lead_lines 20 "bench-pg-after-$$" "$car" "$email" >"$work/after"
while read -r m p body; do
  code=$(curl -s -o /dev/null -w '%{http_code}' -XPOST "$base$p" -H 'Content-Type: application/json' -H "Origin: $base" -d "$body")
  [ "$code" = 202 ] && ok=$((ok + 1))
done <"$work/after"
health=$(curl -s "$base/healthz")
echo "after the restart: $ok/20 leads accepted; healthz: $health"
kill -0 "$pid_before" || { echo "FAIL: the server died"; exit 1; }
grep -q '"panic"' "$work/server.log" && { echo "FAIL: a panic was logged"; exit 1; }
[ "$ok" = 20 ] && echo "PASS: failed cleanly while down, recovered without a restart (same pid $pid_before)" || { echo FAIL; exit 1; }
