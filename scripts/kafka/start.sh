#!/usr/bin/env bash
# Starts a real single-node Kafka (KRaft, broker+controller in one JVM) from Apache Kafka's jars on Maven
# Central, for tests and CI on machines without Docker. Idempotent: a broker already running from the
# same state dir is left alone. Data survive stop.sh/start.sh, so a test can stage an outage.
#
#   KAFKA_PORT             client listener (PLAINTEXT on 127.0.0.1), default 9092
#   KAFKA_CONTROLLER_PORT  controller listener, default KAFKA_PORT+1
#   KAFKA_STATE_DIR        config, data, log and pid file, default scripts/kafka/target/state-<port>
#   KAFKA_START_TIMEOUT    seconds to wait for the port to answer, default 90
#   KAFKA_HEAP             JVM heap, default 512m
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/settings.sh"
controller_port="${KAFKA_CONTROLLER_PORT:-$((port + 1))}"
timeout_s="${KAFKA_START_TIMEOUT:-90}"
heap="${KAFKA_HEAP:-512m}"
lib="$here/target/lib"
log_file="$state/kafka.log"

answers() { timeout 1 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null; }
ours_running() {
  [[ -f "$pid_file" ]] || return 1
  local pid
  pid="$(cat "$pid_file")"
  [[ -r "/proc/$pid/cmdline" ]] && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q "kafka.Kafka $state/server.properties"
}

if ours_running && answers "$port"; then
  echo "kafka already running on 127.0.0.1:$port (pid $(cat "$pid_file"), state $state)"
  exit 0
fi
if ! ours_running; then
  for p in "$port" "$controller_port"; do
    if answers "$p"; then
      echo "port $p is taken by a process this script did not start (state $state)" >&2
      exit 1
    fi
  done
fi

if ! compgen -G "$lib/kafka_2.13-*.jar" >/dev/null; then
  echo "fetching Kafka jars with Maven into $lib"
  mvn -q -B -f "$here/pom.xml" dependency:copy-dependencies
fi

mkdir -p "$state/data"
cat >"$state/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$controller_port
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$controller_port
advertised.listeners=PLAINTEXT://127.0.0.1:$port
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$state/data
num.partitions=1
default.replication.factor=1
min.insync.replicas=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=10
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
auto.create.topics.enable=true
group.initial.rebalance.delay.ms=0
PROPS
cat >"$state/log4j.properties" <<PROPS
log4j.rootLogger=INFO, out
log4j.appender.out=org.apache.log4j.ConsoleAppender
log4j.appender.out.layout=org.apache.log4j.PatternLayout
log4j.appender.out.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.request.logger=WARN
log4j.logger.state.change.logger=WARN
PROPS

java_opts=(-Xms128m "-Xmx$heap" -XX:+UseG1GC -Djava.awt.headless=true
  "-Dlog4j.configuration=file:$state/log4j.properties" -cp "$lib/*")

# Format once; later starts reuse the same cluster id and keep every topic and committed offset.
if [[ ! -f "$state/data/meta.properties" ]]; then
  cluster_id="$(java "${java_opts[@]}" kafka.tools.StorageTool random-uuid 2>/dev/null | tail -n1)"
  java "${java_opts[@]}" kafka.tools.StorageTool format -t "$cluster_id" \
    -c "$state/server.properties" --ignore-formatted >>"$log_file" 2>&1
fi

# setsid: the broker outlives the shell (or test runner) that started it and its process group.
setsid java "${java_opts[@]}" kafka.Kafka "$state/server.properties" >>"$log_file" 2>&1 </dev/null &
echo $! >"$pid_file"

deadline=$((SECONDS + timeout_s))
until answers "$port"; do
  if ! ours_running; then
    echo "kafka exited during start-up; last lines of $log_file:" >&2
    tail -n 30 "$log_file" >&2
    exit 1
  fi
  if ((SECONDS >= deadline)); then
    echo "kafka did not answer on 127.0.0.1:$port within ${timeout_s}s; see $log_file" >&2
    exit 1
  fi
  sleep 0.5
done
echo "kafka running on 127.0.0.1:$port (pid $(cat "$pid_file"), state $state)"
