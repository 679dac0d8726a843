#!/usr/bin/env bash
# Throughput of `kibitz table --file` spread over 1, 2, ... N local replicas (kibitzerd with its
# default threads: one per core), on the deals of FILE (one per line):
#   bench/replica_throughput.sh FILE [N=3] [BUILD_DIR=build]
# Prints deals per second for each replica count. On one machine the replicas share its cores:
# the figure shows what spreading costs, not how it scales.
set -euo pipefail
file="$1"
max="${2:-3}"
build="${3:-build}"
deals=$(grep -vc '^#' "$file")
for ((n = 1; n <= max; n++)); do
  pids=()
  servers=()
  for ((i = 0; i < n; i++)); do
    "$build/service/kibitzerd" --listen="127.0.0.1:$((51100 + i))" --log-requests=false \
      > /dev/null 2>&1 &
    pids+=($!)
    servers+=("127.0.0.1:$((51100 + i))")
  done
  for s in "${servers[@]}"; do
    until "$build/clients/cli/kibitz" --server="$s" health > /dev/null 2>&1; do sleep 0.1; done
  done
  start=$(date +%s.%N)
  "$build/clients/cli/kibitz" --server="$(IFS=,; echo "${servers[*]}")" table --file="$file" \
    > /dev/null
  end=$(date +%s.%N)
  awk -v n="$n" -v d="$deals" -v s="$start" -v e="$end" \
    'BEGIN { printf "%d replica(s): %.1f deals/s (%d deals in %.1f s)\n", n, d / (e - s), d, e - s }'
  kill "${pids[@]}"
  wait 2> /dev/null || true
done
