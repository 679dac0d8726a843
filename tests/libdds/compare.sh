#!/usr/bin/env bash
# DDS's C API through Debian's libdds and through kibitzer's drop-in libdds.so.0: the same program
# (dds_driver, linked against Debian's libdds) run both ways must print the same.
#   compare.sh DRIVER DROP_IN_DIR [DEALS]
set -euo pipefail
driver=$1 dropin=$2 deals=${3:-12}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# (Under AddressSanitizer, what Debian's library keeps at exit is not this project's leak.)
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" "$driver" "$deals" \
  >"$work/dds.out" 2>"$work/dds.err"
LD_LIBRARY_PATH="$dropin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$driver" "$deals" \
  >"$work/kibitzer.out" 2>"$work/kibitzer.err"
# Each run must have been answered by the library meant.
grep -q "library: dds" "$work/dds.err" || { echo "Debian's libdds did not answer"; exit 1; }
grep -q "library: kibitzer" "$work/kibitzer.err" || { echo "the drop-in did not answer"; exit 1; }
if ! diff "$work/dds.out" "$work/kibitzer.out"; then
  echo "the drop-in answered differently (< Debian's libdds, > kibitzer)"
  exit 1
fi
echo "$(wc -l <"$work/dds.out") lines the same from Debian's libdds and the drop-in"
