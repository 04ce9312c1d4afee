#!/usr/bin/env bash
# A local cluster on loopback: a throw-away PostgreSQL, two `sotube serve` processes sharing it (one
# secret, one media root, one outbox) and nginx balancing between them.
#   eval "$(scripts/cluster.sh start)"   → SOTUBE_CLUSTER_URL (nginx), SOTUBE_CLUSTER_DIR,
#                                          SOTUBE_CLUSTER_SERVERS (the two servers' URLs)
#   scripts/cluster.sh stop "$SOTUBE_CLUSTER_DIR"
#   scripts/cluster.sh restart "$SOTUBE_CLUSTER_DIR" N   → server N (1 or 2) started again, same port
#                                                          and settings
# Each server runs under a small supervisor (as systemd's Restart=always does on a real machine): a
# server that exits or is killed is started again a second later, same port and settings
# (serverN/pid: the server's current process; serverN/supervisor.pid: its supervisor; the log says
# each restart). A crash report is kept short (SWIFT_BACKTRACE: no symbolication, ~0.2 s not ~12 s).
# The binary is $SOTUBE_BIN or .build/debug/sotube (build it first). The demo catalog is seeded once,
# by `sotube demo`, before the servers start (SOTUBE_CLUSTER_SEED=none: an empty catalog). docs/deploy.md shows the same on real machines.
set -euo pipefail
cd "$(dirname "$0")/.."
# The Swift runtime's crash report without symbolication (which takes ~12 s for a debug build before
# the process exits): the message, the crashed thread's addresses and the images they are in.
SHORT_BACKTRACE=enable=yes,symbolicate=no,threads=crashed,registers=none,images=mentioned,interactive=no,output-to=stderr
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

start() {
  local bin=${SOTUBE_BIN:-$PWD/.build/debug/sotube}
  [[ -x $bin ]] || { echo "cluster: $bin not found: swift build first, or set SOTUBE_BIN" >&2; exit 1; }
  command -v nginx >/dev/null || [[ -x /usr/sbin/nginx ]] || { echo "cluster: nginx not found (apt-get install nginx)" >&2; exit 1; }
  local dir; dir=$(mktemp -d /tmp/sotube-cluster.XXXXXX)
  eval "$(bash scripts/pg-start.sh)"
  echo "$SOTUBE_PG_DIR" >"$dir/pg-dir"
  local database="$SOTUBE_TEST_POSTGRES_URL"
  mkdir -p "$dir/media" "$dir/outbox"
  export SOTUBE_DATABASE_URL="$database" SOTUBE_MEDIA_ROOT="$dir/media" SOTUBE_OUTBOX_DIR="$dir/outbox"
  export SOTUBE_SECRET_KEY; SOTUBE_SECRET_KEY=$(head -c 32 /dev/urandom | base64 | tr -d '\n=')
  export SOTUBE_TRUSTED_PROXIES=127.0.0.1 SOTUBE_DEMO=0 SOTUBE_PAYMENTS=sandbox
  export SOTUBE_BCRYPT_COST=${SOTUBE_BCRYPT_COST:-10}
  export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-$SHORT_BACKTRACE}
  # What a restarted server needs to join again (the shared secret among it): readable by us only.
  (umask 077 && for name in SOTUBE_DATABASE_URL SOTUBE_MEDIA_ROOT SOTUBE_OUTBOX_DIR SOTUBE_SECRET_KEY \
    SOTUBE_TRUSTED_PROXIES SOTUBE_DEMO SOTUBE_PAYMENTS SOTUBE_BCRYPT_COST SWIFT_BACKTRACE; do
    printf 'export %s=%q\n' "$name" "${!name}"
  done >"$dir/env" && printf 'bin=%q\n' "$bin" >>"$dir/env")
  "$bin" migrate --data "$dir/seed" >"$dir/seed.log" 2>&1 || { cat "$dir/seed.log" >&2; exit 1; }
  # SOTUBE_CLUSTER_SEED=none starts with an empty catalog (the tests import their own songs).
  if [[ ${SOTUBE_CLUSTER_SEED:-demo} == demo ]]; then
    "$bin" demo --data "$dir/seed" >>"$dir/seed.log" 2>&1 || { cat "$dir/seed.log" >&2; exit 1; }
  fi
  local servers=() upstream=""
  for n in 1 2; do
    local port; port=$(free_port)
    mkdir -p "$dir/server$n"
    echo "$port" >"$dir/server$n/port"
    launch "$dir" "$n"
    servers+=("http://127.0.0.1:$port")
    upstream+="    server 127.0.0.1:$port max_fails=1 fail_timeout=2s;"$'\n'
  done
  for url in "${servers[@]}"; do
    for _ in $(seq 1 200); do curl -sf "$url/readyz" >/dev/null && break; sleep 0.3; done
    curl -sf "$url/readyz" >/dev/null || { echo "cluster: $url never became ready" >&2; cat "$dir"/server*/server.log >&2; exit 1; }
  done
  local lb; lb=$(free_port)
  sed -e "s|@PORT@|$lb|" -e "s|@DIR@|$dir|g" -e "/@UPSTREAM@/{r /dev/stdin" -e "d}" docs/nginx-cluster.conf \
    >"$dir/nginx.conf" <<<"$upstream"
  /usr/sbin/nginx -c "$dir/nginx.conf" -p "$dir" 2>"$dir/nginx.err" || { cat "$dir/nginx.err" >&2; exit 1; }
  for _ in $(seq 1 50); do curl -sf "http://127.0.0.1:$lb/readyz" >/dev/null && break; sleep 0.1; done
  echo "export SOTUBE_CLUSTER_URL=http://127.0.0.1:$lb"
  echo "export SOTUBE_CLUSTER_DIR=$dir"
  echo "export SOTUBE_CLUSTER_SERVERS='${servers[*]}'"
  echo "export SOTUBE_CLUSTER_DATABASE_URL=$database"
}

# Server N of the cluster in DIR under its supervisor, in the background (its log appended to).
launch() {
  local dir=$1 n=$2
  supervise "$dir" "$n" </dev/null >/dev/null 2>&1 &
  echo $! >"$dir/server$n/supervisor.pid"
  # The first server process: its pid file is written by the supervisor.
  for _ in $(seq 1 50); do [[ -s $dir/server$n/pid ]] && break; sleep 0.1; done
}

# Runs server N and starts it again a second after it exits, until the supervisor gets SIGTERM
# (then it hands SIGTERM to the server, waits for it, and ends).
supervise() {
  local dir=$1 n=$2 child="" stopping=""
  local port; port=$(cat "$dir/server$n/port")
  trap 'stopping=1; [[ -n $child ]] && kill -TERM "$child" 2>/dev/null' TERM INT
  while [[ -z $stopping ]]; do
    (source "$dir/env" && cd "$dir/server$n" && exec "$bin" serve --host 127.0.0.1 --port "$port" \
      --data "$dir/server$n/data" >>"$dir/server$n/server.log" 2>&1) &
    child=$!
    echo "$child" >"$dir/server$n/pid"
    local status=0
    wait "$child" || status=$?
    # A signal to the supervisor ends `wait` early: the server is still stopping.
    while kill -0 "$child" 2>/dev/null; do wait "$child" || status=$?; done
    [[ -n $stopping ]] && break
    echo "cluster: server $n (pid $child) exited with status $status; starting it again in 1 s" \
      >>"$dir/server$n/server.log"
    sleep 1
  done
}

# Server N stopped (SIGTERM: it drains) and started again; its supervisor starts the new process, or
# a new supervisor when there is none.
restart() {
  local dir=${1:?usage: cluster.sh restart DIR N} n=${2:?usage: cluster.sh restart DIR N}
  [[ -f $dir/server$n/port ]] || { echo "cluster: no server $n in $dir" >&2; exit 2; }
  local pid; pid=$(cat "$dir/server$n/pid")
  local supervisor; supervisor=$(cat "$dir/server$n/supervisor.pid" 2>/dev/null || echo "")
  if [[ -n $supervisor ]] && kill -0 "$supervisor" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    # Its supervisor notices the exit and starts a new process (a new pid in the file).
    for _ in $(seq 1 200); do [[ $(cat "$dir/server$n/pid") != "$pid" ]] && break; sleep 0.1; done
  else
    if kill -0 "$pid" 2>/dev/null; then
      kill -TERM "$pid"
      for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    fi
    launch "$dir" "$n"
  fi
  local url; url="http://127.0.0.1:$(cat "$dir/server$n/port")"
  for _ in $(seq 1 200); do curl -sf "$url/readyz" >/dev/null && return 0; sleep 0.3; done
  echo "cluster: $url never became ready" >&2
  exit 1
}

stop() {
  local dir=${1:?usage: cluster.sh stop DIR}
  [[ -f $dir/nginx.pid ]] && kill "$(cat "$dir/nginx.pid")" 2>/dev/null || true
  # The supervisors first (each hands SIGTERM to its server and starts no other), then the servers.
  for pidfile in "$dir"/server*/supervisor.pid; do
    [[ -f $pidfile ]] && kill -TERM "$(cat "$pidfile")" 2>/dev/null || true
  done
  for pidfile in "$dir"/server*/pid; do
    [[ -f $pidfile ]] && kill -TERM "$(cat "$pidfile")" 2>/dev/null || true
  done
  for pidfile in "$dir"/server*/pid; do
    [[ -f $pidfile ]] || continue
    for _ in $(seq 1 100); do kill -0 "$(cat "$pidfile")" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$(cat "$pidfile")" 2>/dev/null; then  # never leave a server behind (reported, not hidden)
      echo "cluster: $(dirname "$pidfile") did not stop on SIGTERM in 10 s; SIGKILL" >&2
      kill -KILL "$(cat "$pidfile")" 2>/dev/null || true
    fi
  done
  for pidfile in "$dir"/server*/supervisor.pid; do
    [[ -f $pidfile ]] || continue
    for _ in $(seq 1 50); do kill -0 "$(cat "$pidfile")" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$(cat "$pidfile")" 2>/dev/null || true
  done
  [[ -f $dir/pg-dir ]] && SOTUBE_PG_DIR=$(cat "$dir/pg-dir") bash scripts/pg-stop.sh || true
  rm -rf "$dir"
}

case ${1:-} in
  start) start ;;
  stop) stop "${2:-}" ;;
  restart) restart "${2:-}" "${3:-}" ;;
  *) echo "usage: cluster.sh start | stop DIR | restart DIR N" >&2; exit 2 ;;
esac
