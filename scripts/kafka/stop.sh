#!/usr/bin/env bash
# Stops the broker start.sh started from the same state dir (same KAFKA_PORT / KAFKA_STATE_DIR).
# Idempotent. Data are kept; delete the state dir to start from an empty cluster.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/settings.sh"
timeout_s="${KAFKA_STOP_TIMEOUT:-30}"

[[ -f "$pid_file" ]] || { echo "kafka not running (no $pid_file)"; exit 0; }
pid="$(cat "$pid_file")"
# Only signal the process if it is still our broker: the pid may have been reused since.
if [[ -r "/proc/$pid/cmdline" ]] && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q "kafka.Kafka $state/server.properties"; then
  kill -TERM "$pid"
  deadline=$((SECONDS + timeout_s))
  while kill -0 "$pid" 2>/dev/null; do
    if ((SECONDS >= deadline)); then
      echo "kafka (pid $pid) ignored SIGTERM for ${timeout_s}s; killing it" >&2
      kill -KILL "$pid"
      break
    fi
    sleep 0.2
  done
  # A killed process stays a zombie only until its parent reaps it; wait for /proc to drop it.
  while [[ -e "/proc/$pid" ]] && ! grep -q '^State:.*Z' "/proc/$pid/status" 2>/dev/null; do sleep 0.1; done
  echo "kafka stopped (pid $pid)"
else
  echo "kafka not running (stale $pid_file)"
fi
rm -f "$pid_file"
