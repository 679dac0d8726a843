#!/usr/bin/env bash
# kibitz play --file and kibitz review on a LIN file of several boards (a record a line, as BBO
# downloads them): each board is analysed (reviewed) as its own record, equal to that board alone.
#   lin_boards_test.sh KIBITZ
set -euo pipefail
kibitz=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
one='pn|a,b,c,d|md|3ST983H5DA93CAJ732,SAJ75HQ63DKQ6CKQ8,SQ64HJT98742D7CT6,|sv|e|mb|3H|mb|p|mb|4H|mb|p|mb|p|mb|p|pc|SK|pc|S3|'
two='pn|a,b,c,d|md|3ST983H5DA93CAJ732,SAJ75HQ63DKQ6CKQ8,SQ64HJT98742D7CT6,|sv|o|mb|3H|mb|p|mb|4H|mb|p|mb|p|mb|p|pc|SK|'
printf '%s\n%s\n' "$one" "$two" > "$work/boards.lin"
# The answers without their timings.
untimed() { sed 's/,"elapsed_ms":"[0-9]*"//; s/,"nodes_per_second":"[0-9]*"//'; }
"$kibitz" --json play --file="$work/boards.lin" | untimed > "$work/both"
"$kibitz" --json play "$one" | untimed > "$work/expected"
"$kibitz" --json play "$two" | untimed >> "$work/expected"
if ! diff "$work/expected" "$work/both"; then
  echo "the boards of the file were not each analysed as when alone"
  exit 1
fi
[ "$(wc -l < "$work/both")" -eq 2 ] || { echo "expected one answer a board"; exit 1; }
# review FILE: the file's boards one by one, each as its record reviewed alone (final reports;
# how many progress reports came before, the sequence, depends on the machine's speed).
finals() {
  untimed | grep '"final":true' | sed 's/"search_id":"[^"]*",//; s/"sequence":"[0-9]*",//'
}
"$kibitz" --json review "$work/boards.lin" | finals > "$work/reviewed"
"$kibitz" --json --game=bridge review "$one" | finals > "$work/expected_reviews"
"$kibitz" --json --game=bridge review "$two" | finals >> "$work/expected_reviews"
if ! diff "$work/expected_reviews" "$work/reviewed"; then
  echo "the boards of the file were not each reviewed as when alone"
  exit 1
fi
[ "$(wc -l < "$work/reviewed")" -eq 2 ] || { echo "expected one review a board"; exit 1; }
grep -q '"grade":' "$work/reviewed" || { echo "no move graded"; exit 1; }
# --from-move=1: the board's second card alone, valued as in the whole review.
"$kibitz" --json --game=bridge review --from-move=1 "$one" | finals > "$work/from_one"
python3 - "$work/expected_reviews" "$work/from_one" <<'PY'
import json, sys
whole = json.loads(open(sys.argv[1]).readline())["reviews"]
alone = json.loads(open(sys.argv[2]).read())["reviews"]
if [r["index"] for r in alone] != [1] or alone[0] != whole[1]:
    sys.exit("--from-move=1 did not review the second card alone as the whole review did")
PY
echo "2 boards, each as when alone (play and review); a review from a move on"
