#!/usr/bin/env bash
# Several stateless server instances behind nginx, on one machine, sharing one PostgreSQL +
# PostGIS and one Redis: the deployment docs/scaling-out.md describes, to try it and to test it.
#
#   DATABASE_URL=postgres://... JWT_SECRET=... scripts/scale-out.sh
#
# Environment (anything else, e.g. ADMIN_EMAIL, SEED_DEMO, SMTP_URL, WEB_DIST_DIR, is passed to
# every instance as it is):
#   DATABASE_URL  required: the one PostgreSQL + PostGIS every instance uses
#   JWT_SECRET    required: every instance signs and checks sessions with the same secret
#   REDIS_URL     default redis://127.0.0.1:6379 (socket events, presence, sign-in limits)
#   INSTANCES     default 2
#   PORT          default 3000: nginx, the one address users open
#   BASE_PORT     default PORT: instance n listens on BASE_PORT+n, on 127.0.0.1 only
#   PROXY_HOST    default 0.0.0.0: the address nginx listens on
#   DATA_DIR      default ./data: shared by every instance (scan photos, mail outbox)
#   RUN_DIR       default a new temporary folder: pid files, logs, nginx's config and temp files
#   NGINX         default nginx on the PATH, else /usr/sbin/nginx
#   START_TIMEOUT default 120 (seconds to wait for every instance to be ready)
#
# It does not build the web app: run `npm run build` first (instances serve apps/web/dist, or
# WEB_DIST_DIR). Ctrl-C (or SIGTERM) stops everything it started; logs stay in RUN_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."

die() {
  printf '\nscale-out: %s\n\n' "$*" >&2
  exit 1
}

[ -n "${DATABASE_URL:-}" ] ||
  die "DATABASE_URL is required: the instances share one PostgreSQL + PostGIS database
(the embedded database belongs to a single process), e.g.
  DATABASE_URL=postgres://user:password@127.0.0.1:5432/integration"
[ -n "${JWT_SECRET:-}" ] ||
  die "JWT_SECRET is required: every instance must sign and check sessions with the same
secret (a generated one would differ per instance), e.g.
  JWT_SECRET=\$(openssl rand -base64 48)"

INSTANCES=${INSTANCES:-2}
PORT=${PORT:-3000}
BASE_PORT=${BASE_PORT:-$PORT}
PROXY_HOST=${PROXY_HOST:-0.0.0.0}
REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379}
DATA_DIR=$(realpath -m "${DATA_DIR:-data}")
RUN_DIR=$(realpath -m "${RUN_DIR:-$(mktemp -d -t integration-scale-out-XXXXXX)}")
START_TIMEOUT=${START_TIMEOUT:-120}
PUBLIC_URL=${PUBLIC_URL:-http://localhost:$PORT}
# The server's own limit on an import's files, plus room for the multipart framing around them:
# an upload too large is then refused by the server, in the user's language, not by nginx.
IMPORT_MAX_BYTES=${IMPORT_MAX_BYTES:-$((200 * 1024 * 1024))}
BODY_MAX_BYTES=$((IMPORT_MAX_BYTES + 1024 * 1024))

for name in INSTANCES PORT BASE_PORT START_TIMEOUT IMPORT_MAX_BYTES; do
  [[ ${!name} =~ ^[0-9]+$ ]] || die "$name must be a whole number, got '${!name}'."
done
[ "$INSTANCES" -ge 1 ] || die "INSTANCES must be at least 1."
if [ -z "${NGINX:-}" ]; then
  NGINX=$(command -v nginx || echo /usr/sbin/nginx)
fi
[ -x "$NGINX" ] ||
  die "nginx was not found: install it (sudo apt-get install -y nginx-light) or set NGINX."
command -v curl >/dev/null || die "curl was not found: install it (sudo apt-get install -y curl)."

NGINX_DIR=$RUN_DIR/nginx
mkdir -p "$RUN_DIR" "$NGINX_DIR/temp" "$DATA_DIR"

# What this script started, stopped on the way out (whatever the reason).
pids=()
stop_all() {
  trap - EXIT INT TERM
  local pid alive=() waited=0
  for pid in "${pids[@]}"; do
    kill -TERM "$pid" 2>/dev/null && alive+=("$pid")
  done
  # Instances finish the requests in flight first (within the server's 30 s grace).
  while [ ${#alive[@]} -gt 0 ] && [ "$waited" -lt 35 ]; do
    sleep 1
    waited=$((waited + 1))
    local still=()
    for pid in "${alive[@]}"; do kill -0 "$pid" 2>/dev/null && still+=("$pid"); done
    alive=("${still[@]+"${still[@]}"}")
  done
  for pid in "${alive[@]+"${alive[@]}"}"; do kill -KILL "$pid" 2>/dev/null || true; done
  echo "scale-out: stopped; logs kept in $RUN_DIR" >&2
}
trap stop_all EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

instance_port() { echo $((BASE_PORT + $1)); }

# --- the instances: started together (migrations take turns under a PostgreSQL lock) ---
for n in $(seq 1 "$INSTANCES"); do
  PORT=$(instance_port "$n") HOST=127.0.0.1 DATA_DIR=$DATA_DIR DATABASE_URL=$DATABASE_URL \
    REDIS_URL=$REDIS_URL JWT_SECRET=$JWT_SECRET TRUST_PROXY=1 PUBLIC_URL=$PUBLIC_URL \
    IMPORT_MAX_BYTES=$IMPORT_MAX_BYTES \
    node --import tsx apps/server/src/main.ts >"$RUN_DIR/instance-$n.log" 2>&1 &
  pids+=("$!")
  echo "$!" >"$RUN_DIR/instance-$n.pid"
done

# Waits until a URL answers 200, while the process that serves it runs. An instance's output
# goes to its log; nginx's errors to this script's own.
wait_ready() {
  local url=$1 pid=$2 what=$3 log=${4:-} deadline=$((SECONDS + START_TIMEOUT))
  until curl -fsS -o /dev/null --max-time 2 "$url" 2>/dev/null; do
    if ! kill -0 "$pid" 2>/dev/null; then
      [ -z "$log" ] || tail -n 20 "$log" >&2
      die "$what stopped while starting${log:+ (log: $log)}."
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "$what answers: $(curl -sS --max-time 2 "$url" 2>&1 || true)" >&2
      die "$what was not ready after $START_TIMEOUT s${log:+ (log: $log)}."
    fi
    sleep 0.5
  done
}

for n in $(seq 1 "$INSTANCES"); do
  wait_ready "http://127.0.0.1:$(instance_port "$n")/api/health/ready" "${pids[$((n - 1))]}" \
    "instance $n" "$RUN_DIR/instance-$n.log"
done

# --- nginx in front: its config, pid, logs and temp files all in NGINX_DIR ---
servers=''
for n in $(seq 1 "$INSTANCES"); do
  # One failure takes an instance out for 5 s; then one request tries it again.
  servers+="    server 127.0.0.1:$(instance_port "$n") max_fails=1 fail_timeout=5s;"$'\n'
done
cat >"$NGINX_DIR/nginx.conf" <<NGINX
# Generated by scripts/scale-out.sh; docs/scaling-out.md explains each setting.
worker_processes auto;
pid $NGINX_DIR/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }

http {
  log_format upstreams '\$remote_addr [\$time_local] "\$request" \$status \$body_bytes_sent '
                       '\$request_time upstream=\$upstream_addr id=\$request_id';
  access_log $NGINX_DIR/access.log upstreams;
  client_body_temp_path $NGINX_DIR/temp/body;
  proxy_temp_path $NGINX_DIR/temp/proxy;
  fastcgi_temp_path $NGINX_DIR/temp/fastcgi;
  uwsgi_temp_path $NGINX_DIR/temp/uwsgi;
  scgi_temp_path $NGINX_DIR/temp/scgi;

  # A GIS import is one large upload.
  client_max_body_size $BODY_MAX_BYTES;

  # WebSocket upgrades pass through; other requests reuse kept-alive upstream connections.
  map \$http_upgrade \$connection_upgrade {
    default upgrade;
    ''      '';
  }

  upstream integration {
    # Shared by nginx's workers, so that all of them skip an instance that failed.
    zone integration 64k;
$servers    keepalive 32;
  }

  server {
    listen $PROXY_HOST:$PORT;

    location / {
      proxy_pass http://integration;
      proxy_http_version 1.1;
      proxy_set_header Host \$http_host;
      # nginx is the edge: the client's address replaces any X-Forwarded-For it sent, since
      # instances with TRUST_PROXY=1 believe the one hop nearest them (per-IP sign-in limits).
      proxy_set_header X-Forwarded-For \$remote_addr;
      proxy_set_header X-Forwarded-Proto \$scheme;
      proxy_set_header X-Request-Id \$request_id;
      proxy_set_header Upgrade \$http_upgrade;
      proxy_set_header Connection \$connection_upgrade;

      # An instance that is down or answers 502/503: the request goes to the next one. nginx
      # never resends a POST that reached an instance, so no edit is applied twice.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 2s;
      # Long reports and exports, and WebSockets (Socket.IO pings every 5 s anyway).
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
    }
  }
}
NGINX

# Started as root, nginx runs its workers as nobody: they must reach the temp folders, where
# request bodies and answers too large for memory are buffered (imports, exports).
if [ "$(id -u)" -eq 0 ]; then
  chmod o+x "$RUN_DIR" "$NGINX_DIR" "$NGINX_DIR/temp"
  dir=$NGINX_DIR
  while [ "$dir" != / ]; do
    mode=$(stat -c %a "$dir")
    (((${mode: -1} & 1) == 1)) ||
      die "nginx's workers (user nobody) cannot enter $dir: choose a RUN_DIR they can reach."
    dir=$(dirname "$dir")
  done
fi

"$NGINX" -p "$NGINX_DIR" -c "$NGINX_DIR/nginx.conf" -g 'daemon off;' &
nginx_pid=$!
pids+=("$nginx_pid")
wait_ready "http://127.0.0.1:$PORT/api/health/ready" "$nginx_pid" nginx

echo
echo "  Integration: $INSTANCES instances behind nginx at http://localhost:$PORT"
for n in $(seq 1 "$INSTANCES"); do
  printf '    instance %s  http://127.0.0.1:%s  pid %s  log %s\n' "$n" "$(instance_port "$n")" \
    "${pids[$((n - 1))]}" "$RUN_DIR/instance-$n.log"
done
echo "  Shared data: $DATA_DIR"
echo "  Run folder:  $RUN_DIR (pid files, logs, nginx.conf)"
echo "  Ctrl-C stops them all."
echo

# Runs until nginx stops or a signal arrives; an instance that stops is reported, and nginx
# sends its requests to the others meanwhile.
reported=()
while kill -0 "$nginx_pid" 2>/dev/null; do
  for n in $(seq 1 "$INSTANCES"); do
    pid=${pids[$((n - 1))]}
    if [ -z "${reported[$n]:-}" ] && ! kill -0 "$pid" 2>/dev/null; then
      reported[n]=1
      echo "scale-out: instance $n (pid $pid) stopped; nginx serves through the others" >&2
    fi
  done
  # In the background, so that a signal is handled at once rather than after the sleep.
  sleep 1 &
  wait $! || true
done
die "nginx stopped."
