#!/usr/bin/env bash
# Stops what scripts/topology/start.sh started (same TOPOLOGY_DIR): the edge and its DNS, the eight processes, the
# Kafka broker it started itself (a reused one is left alone) and PostgreSQL, whose temporary data dir is
# deleted. Idempotent. Logs stay in TOPOLOGY_DIR.
#
#   scripts/topology/stop.sh           everything
#   scripts/topology/stop.sh --apps    only the eight processes (start.sh --apps starts them again)
#   scripts/topology/stop.sh --apps query-api-1 ...   only those
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
dir="${TOPOLOGY_DIR:-.tmp/topology}"
state="$dir/state.env"
pids="$dir/pids"
APPS=(command-api-1 command-api-2 projections-1 projections-2 workers-1 workers-2 query-api-1 query-api-2)

# SIGTERM (the processes drain and exit), SIGKILL after 15 s; waits until the process is gone.
stop_pid_file() {
  local file="$1" pid
  [[ -f "$file" ]] || return 0
  pid="$(cat "$file")"
  rm -f "$file"
  kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null
  local deadline=$((SECONDS + 15))
  while kill -0 "$pid" 2>/dev/null && ! grep -q '^State:.*Z' "/proc/$pid/status" 2>/dev/null; do
    if ((SECONDS >= deadline)); then
      kill -KILL "$pid" 2>/dev/null
      break
    fi
    sleep 0.1
  done
}

stop_apps() {
  for app in "$@"; do stop_pid_file "$pids/$app.pid" & done
  wait
}

if [[ "${1:-}" == "--apps" ]]; then
  shift
  stop_apps "${@:-${APPS[@]}}"
  exit 0
fi

# The watchdog runs this script when its owner ends (as its child, or as itself once bash execs the last
# command); it is not stopped from within itself.
if [[ -f "$pids/watchdog.pid" ]]; then
  watchdog="$(cat "$pids/watchdog.pid")"
  [[ "$watchdog" == "$$" || "$watchdog" == "$PPID" ]] || kill -TERM "$watchdog" 2>/dev/null
fi
rm -f "$pids/watchdog.pid"
stop_pid_file "$pids/nginx.pid"
stop_pid_file "$pids/dns.pid"
stop_apps "${APPS[@]}"

if [[ -f "$state" ]]; then
  # shellcheck disable=SC1090
  source "$state"
  if [[ "${KAFKA_OWN:-0}" == 1 && -n "${KAFKA_STATE_DIR:-}" ]]; then
    KAFKA_PORT="$KAFKA_PORT" KAFKA_STATE_DIR="$KAFKA_STATE_DIR" bash scripts/kafka/stop.sh >/dev/null
  fi
  if [[ -n "${PG_DATA:-}" && -d "$PG_DATA" ]]; then
    if [[ "$(id -u)" == 0 ]]; then
      runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast -w stop >/dev/null 2>&1
    else
      "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast -w stop >/dev/null 2>&1
    fi
    cp "$PG_DATA/postgres.log" "$dir/postgres.log.saved" 2>/dev/null
    rm -f "$dir/postgres.log"
    mv "$dir/postgres.log.saved" "$dir/postgres.log" 2>/dev/null
    rm -rf "$(dirname "$PG_DATA")"
  fi
  rm -f "$state"
fi
echo "[topology] stopped"
