# The broker's client port and state dir, as start.sh and stop.sh both find them (sourced, not run).
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
port="${KAFKA_PORT:-9092}"
state="${KAFKA_STATE_DIR:-$here/target/state-$port}"
pid_file="$state/kafka.pid"
