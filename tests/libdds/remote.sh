#!/usr/bin/env bash
# The drop-in libdds.so.0 with its tables on kibitzerd (KIBITZER_DDS_SERVER): the same program's
# answers as Debian's libdds (compare.sh), the tables, the boards of SolveAllBoards and the plays of
# AnalyseAllPlays solved by the server (its request log shows them), and with a server that is not there, solved in the library
# again and said so.
#   remote.sh DRIVER DROP_IN_DIR KIBITZERD
set -euo pipefail
driver=$1 dropin=$2 kibitzerd=$3
here=$(dirname "$0")
work=$(mktemp -d)
"$kibitzerd" --listen=127.0.0.1:0 --threads=2 >"$work/address" 2>"$work/server.log" &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 600); do
  grep -q "listening on" "$work/address" && break
  sleep 0.1
done
address=$(sed -n 's/^kibitzerd listening on //p' "$work/address")
[ -n "$address" ] || { echo "kibitzerd did not start"; cat "$work/server.log"; exit 1; }
# Two addresses of the one server: the deals of each call are split in two shares.
KIBITZER_DDS_SERVER="$address,$address" bash "$here/compare.sh" "$driver" "$dropin" 6
calls=$(grep -c " SolveTables " "$work/server.log" || true)
[ "$calls" -gt 0 ] || { echo "the server solved no table"; exit 1; }
boards=$(grep -c " SolveBoards " "$work/server.log" || true)
[ "$boards" -gt 0 ] || { echo "the server solved no board"; exit 1; }
plays=$(grep -c " AnalyzePlay " "$work/server.log" || true)
[ "$plays" -gt 0 ] || { echo "the server analysed no play"; exit 1; }
echo "the server answered $calls SolveTables, $boards SolveBoards and $plays AnalyzePlay calls"
# Nobody listens on port 1: the library solves the tables itself and says why once.
KIBITZER_DDS_SERVER=127.0.0.1:1 LD_LIBRARY_PATH="$dropin" "$driver" 3 >"$work/out" 2>"$work/err"
grep -q "KIBITZER_DDS_SERVER 127.0.0.1:1: .*solving here" "$work/err" ||
  { echo "no word of the failed server"; cat "$work/err"; exit 1; }
[ "$(grep -c "KIBITZER_DDS_SERVER" "$work/err")" -eq 1 ] || { echo "said more than once"; exit 1; }
echo "a server that is not there: solved here, said once"
