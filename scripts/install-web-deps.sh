#!/usr/bin/env bash
# What the web page, its gateway and its browser tests need beyond install-deps.sh: Node.js and
# npm (Debian's, unless a Node.js is already installed), Debian's chromium for the browser tests
# (with --browser), and the page's npm packages from the committed lock file (npm ci).
# Run as root on Debian bookworm.
set -euo pipefail
cd "$(dirname "$0")/.."
packages=()
command -v node > /dev/null || packages+=(nodejs)
command -v npm > /dev/null || packages+=(npm)
if [ "${1:-}" = "--browser" ] && ! command -v chromium > /dev/null; then packages+=(chromium); fi
if [ ${#packages[@]} -gt 0 ]; then
  echo "installing: ${packages[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${packages[@]}"
fi
cd clients/web
# The lock file pins every package; node_modules is reused while it matches the lock file.
if [ ! -f node_modules/.package-lock.json ] || ! cmp -s package-lock.json node_modules/.kibitzer-lock; then
  npm ci --no-audit --no-fund
  cp package-lock.json node_modules/.kibitzer-lock
fi
