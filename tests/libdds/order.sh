#!/usr/bin/env bash
# The order SolveBoard lists the cards in (all solutions): cards of one value come in the order
# DDS's root tries them, which its documentation does not give; the drop-in follows DDS 2.9's
# move weights (DoubleDummySolver::RootOrder). On seeded whole deals every card and value must be
# the same as Debian's libdds gives, and the whole list in the same order on at least MIN percent
# of them (the search's own order, before RootOrder, agreed on about 77%).
#   order.sh DRIVER DROP_IN_DIR [DEALS] [MIN]
set -euo pipefail
driver=$1 dropin=$2 deals=${3:-150} min=${4:-85}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" "$driver" order "$deals" >"$work/dds.out"
LD_LIBRARY_PATH="$dropin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$driver" order "$deals" \
  >"$work/kibitzer.out"
[ "$(wc -l <"$work/dds.out")" -eq "$deals" ] || { echo "Debian's libdds gave no list"; exit 1; }
# The cards and values, in any order (each line's fields sorted; plain POSIX tools).
sorted() {
  local line
  while read -r line; do
    # shellcheck disable=SC2086 # split the line into its fields
    printf '%s\n' $line | sort | tr '\n' ' '
    echo
  done <"$1"
}
if ! diff <(sorted "$work/dds.out") <(sorted "$work/kibitzer.out"); then
  echo "the drop-in valued cards differently (< Debian's libdds, > kibitzer)"
  exit 1
fi
same=$(paste -d'\n' "$work/dds.out" "$work/kibitzer.out" | awk 'NR % 2 { a = $0; next } $0 == a' | wc -l)
echo "$same of $deals lists in Debian's libdds's order (at least $min% wanted)"
[ $((same * 100)) -ge $((min * deals)) ]
