#!/usr/bin/env bash
# The page in a real browser: builds the page and the gateway, then drives Debian's chromium
# headless (playwright-core) against a kibitzerd of BUILD_DIR (default build/, already built) and
# checks what it shows against the kibitz CLI; before that, the gateway alone as many browsers and
# hostile clients meet it (clients/web/test/gateway.test.mjs), and deploy/k8s against the
# Kubernetes API schemas (clients/web/test/k8s.test.mjs, with the same npm packages). Screenshots go to BUILD_DIR/web-screenshots/.
#   scripts/web-test.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
dir="$(realpath "${1:-build}")"
bash scripts/install-web-deps.sh --browser
(cd clients/web && npm run --silent build)
node clients/web/test/k8s.test.mjs deploy/k8s
KIBITZERD="$dir/service/kibitzerd" node clients/web/test/gateway.test.mjs
KIBITZERD="$dir/service/kibitzerd" KIBITZ="$dir/clients/cli/kibitz" \
  SCREENSHOT_DIR="$dir/web-screenshots" CHROMIUM="$(command -v chromium)" \
  node clients/web/test/page.test.mjs
