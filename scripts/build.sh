#!/usr/bin/env bash
# Configures and builds kibitzer with CMake and Ninja.
# Usage: scripts/build.sh [BUILD_DIR] [extra cmake arguments...]   (default build dir: build)
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-build}"
shift || true
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@"
cmake --build "$dir"
