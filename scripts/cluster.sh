#!/usr/bin/env bash
# N kibitzerd replicas behind nginx (grpc_pass), on this machine, for trying the deployment:
#   scripts/cluster.sh N [--port=8443] [--base-port=50061] [--dir=DIR] [--build=BUILD_DIR]
#                        [--balancer-cert=PEM --balancer-key=PEM] [--per-address=64]
#                        [--all-calls=1024] [kibitzerd flags, e.g. --threads=1 --auth-tokens=FILE]
# With --balancer-cert and --balancer-key nginx serves TLS (the shipped form); without, HTTP/2 in
# the clear. --per-address and --all-calls: nginx's limit_conn on calls in flight.
# Replica i (0-based) is `--replica=r$i` on 127.0.0.1:(base-port + i); nginx listens on
# 127.0.0.1:PORT. DIR (default: a new temporary folder) gets nginx.conf, each replica's log
# (r$i.log, one line per request) and `replicas` (a line each: NAME ADDRESS PID). Ctrl-C or SIGTERM
# stops everything. Builds kibitzerd first when BUILD_DIR has none.
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-}"
if ! [[ "$count" =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: scripts/cluster.sh N [--port=8443] [--base-port=50061] [--dir=DIR] [--build=DIR] [kibitzerd flags]" >&2
  exit 2
fi
shift
port=8443
base=50061
dir=""
build=build
cert=""
key=""
per_address=64
all_calls=1024
flags=()
for arg in "$@"; do
  case "$arg" in
    --port=*) port="${arg#--port=}" ;;
    --base-port=*) base="${arg#--base-port=}" ;;
    --dir=*) dir="${arg#--dir=}" ;;
    --build=*) build="${arg#--build=}" ;;
    --balancer-cert=*) cert="$(realpath "${arg#--balancer-cert=}")" ;;
    --balancer-key=*) key="$(realpath "${arg#--balancer-key=}")" ;;
    --per-address=*) per_address="${arg#--per-address=}" ;;
    --all-calls=*) all_calls="${arg#--all-calls=}" ;;
    *) flags+=("$arg") ;;
  esac
done
if [ ! -x "$build/service/kibitzerd" ]; then
  bash scripts/install-deps.sh
  bash scripts/build.sh "$build" -DKIBITZER_BUILD_TESTS=OFF
fi
command -v nginx > /dev/null || bash scripts/install-deps.sh
[ -n "$dir" ] || dir="$(mktemp -d /tmp/kibitzer-cluster.XXXXXX)"
mkdir -p "$dir"
dir="$(realpath "$dir")"
: > "$dir/replicas"

pids=()
stop_all() {
  trap - EXIT INT TERM
  [ -f "$dir/nginx.pid" ] && kill "$(cat "$dir/nginx.pid")" 2> /dev/null || true
  kill "${pids[@]}" 2> /dev/null || true
  wait 2> /dev/null || true
}
trap stop_all EXIT
trap 'exit 0' INT TERM

servers=""
routes=""
for ((i = 0; i < count; i++)); do
  address="127.0.0.1:$((base + i))"
  "$build/service/kibitzerd" --listen="$address" --replica="r$i" "${flags[@]}" \
    > /dev/null 2> "$dir/r$i.log" &
  pids+=($!)
  echo "r$i $address $!" >> "$dir/replicas"
  servers+="    server $address max_fails=1 fail_timeout=2s;"$'\n'
  routes+="    ~^[sp]-r$i- $address;"$'\n'
done
if { [ -n "$cert" ] && [ -z "$key" ]; } || { [ -z "$cert" ] && [ -n "$key" ]; }; then
  echo "cluster.sh: give --balancer-cert and --balancer-key together" >&2
  exit 2
fi
ssl=""
tls=""
if [ -n "$cert" ]; then
  ssl="ssl "
  tls="    ssl_certificate $cert;"$'\n'"    ssl_certificate_key $key;"$'\n'"    ssl_protocols TLSv1.2 TLSv1.3;"$'\n'
fi
awk -v dir="$dir" -v listen="127.0.0.1:$port" -v servers="$servers" -v routes="$routes" \
  -v ssl="$ssl" -v tls="$tls" -v per_address="$per_address" -v all_calls="$all_calls" '
  /^@SERVERS@$/ { printf "%s", servers; next }
  /^@ROUTES@$/ { printf "%s", routes; next }
  /^@TLS@$/ { printf "%s", tls; next }
  { gsub(/@DIR@/, dir); gsub(/@LISTEN@/, listen); gsub(/@SSL@/, ssl);
    gsub(/@PER_ADDRESS@/, per_address); gsub(/@ALL_CALLS@/, all_calls); print }' \
  deploy/nginx/nginx.conf.in > "$dir/nginx.conf"
nginx -t -q -c "$dir/nginx.conf" -p "$dir"
nginx -c "$dir/nginx.conf" -p "$dir" -g "daemon off;" &
balancer=$!
pids+=("$balancer")
# Ready once nginx listens (it binds a moment after it starts; longer on a busy machine).
for ((t = 0; t < 300; t++)); do
  (exec 3<> "/dev/tcp/127.0.0.1/$port") 2> /dev/null && break
  if ! kill -0 "$balancer" 2> /dev/null; then
    echo "cluster.sh: nginx exited before listening on 127.0.0.1:$port" >&2
    exit 1
  fi
  sleep 0.1
done
echo "kibitzer cluster: $count replicas behind nginx on 127.0.0.1:$port (folder $dir)"
# The cluster lives as long as nginx does; a replica may stop (drained, killed) and the rest go on.
wait "$balancer" || true
