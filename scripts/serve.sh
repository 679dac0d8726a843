#!/usr/bin/env bash
# The whole set-up on a fresh Debian bookworm machine (as root): installs the packages, builds,
# and runs kibitzerd in the foreground (127.0.0.1:50051 unless --listen says otherwise).
# Extra arguments go to kibitzerd, e.g. scripts/serve.sh --listen=0.0.0.0:50051 --threads=8
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh build -DKIBITZER_BUILD_TESTS=OFF
exec ./build/service/kibitzerd "$@"
