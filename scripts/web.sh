#!/usr/bin/env bash
# The whole set-up of the web page on a fresh Debian bookworm machine (as root): installs the
# packages (Node.js and npm too), builds kibitzerd, the page and its gateway, starts kibitzerd on
# 127.0.0.1:50051 and the gateway on 127.0.0.1:8080, and prints the page's address.
#   scripts/web.sh [--port=8080] [--kibitzerd-port=50051] [kibitzerd flags...]
set -euo pipefail
cd "$(dirname "$0")/.."
port=8080
server_port=50051
args=()
for arg in "$@"; do
  case "$arg" in
    --port=*) port="${arg#--port=}" ;;
    --kibitzerd-port=*) server_port="${arg#--kibitzerd-port=}" ;;
    *) args+=("$arg") ;;
  esac
done
bash scripts/install-deps.sh
bash scripts/install-web-deps.sh
bash scripts/build.sh build -DKIBITZER_BUILD_TESTS=OFF
(cd clients/web && npm run --silent build)
# The gateway's secret, which lets it name each browser's session to kibitzerd (each browser its own
# client there): made afresh for this run, readable by this user only.
secret="$(mktemp)"
trap 'rm -f "$secret"' EXIT
head -c 32 /dev/urandom | base64 | tr -d '/+=\n' >"$secret"
./build/service/kibitzerd --listen="127.0.0.1:$server_port" --front-door-secret="$secret" "${args[@]}" &
server=$!
trap 'kill "$server" 2> /dev/null || true; rm -f "$secret"' EXIT
node clients/web/dist/gateway.mjs --listen="127.0.0.1:$port" --kibitzerd="127.0.0.1:$server_port" \
  --front-door-secret="$secret" &
gateway=$!
trap 'kill "$gateway" "$server" 2> /dev/null || true; rm -f "$secret"' EXIT
echo "kibitzer's page: http://127.0.0.1:$port/ (Ctrl-C stops it)"
wait -n "$server" "$gateway"
