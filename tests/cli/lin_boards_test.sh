#!/usr/bin/env bash
# kibitz play --file on a LIN file of several boards (a record a line, as BBO downloads them):
# each board is analysed as its own record, and equal to that board analysed alone.
#   lin_boards_test.sh KIBITZ
set -euo pipefail
kibitz=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
one='pn|a,b,c,d|md|3ST983H5DA93CAJ732,SAJ75HQ63DKQ6CKQ8,SQ64HJT98742D7CT6,|sv|e|mb|3H|mb|p|mb|4H|mb|p|mb|p|mb|p|pc|SK|pc|S3|'
two='pn|a,b,c,d|md|3ST983H5DA93CAJ732,SAJ75HQ63DKQ6CKQ8,SQ64HJT98742D7CT6,|sv|o|mb|3H|mb|p|mb|4H|mb|p|mb|p|mb|p|pc|SK|'
printf '%s\n%s\n' "$one" "$two" > "$work/boards.lin"
# The answers without their timings.
untimed() { sed 's/,"elapsed_ms":"[0-9]*"//'; }
"$kibitz" --json play --file="$work/boards.lin" | untimed > "$work/both"
"$kibitz" --json play "$one" | untimed > "$work/expected"
"$kibitz" --json play "$two" | untimed >> "$work/expected"
if ! diff "$work/expected" "$work/both"; then
  echo "the boards of the file were not each analysed as when alone"
  exit 1
fi
[ "$(wc -l < "$work/both")" -eq 2 ] || { echo "expected one answer a board"; exit 1; }
echo "2 boards, each as when alone"
