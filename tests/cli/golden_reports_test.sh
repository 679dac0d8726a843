#!/usr/bin/env bash
# Golden reports: each game's seat-view analysis (bridge, tarok, Big Two), the Scrabble
# simulation and the Scrabble endgame, at a fixed seed, must give the final report committed in
# tests/data/golden/NAME.json, at one thread and at two (same seed, same answer). The reports are
# compared without what varies by machine (ids, timings, rates, how many progress reports came
# first) and with values rounded to 5 significant digits.
#   golden_reports_test.sh KIBITZ GOLDEN_DIR
#   KIBITZER_UPDATE_GOLDEN=1 golden_reports_test.sh ...   writes the files instead (say why in the
#                                                        commit that changes them)
set -euo pipefail
kibitz=$1
golden=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tarok='XIX,XI,VIII,V,IV,II,XXI,NH,JH,4D,KS,JS,8S,NC,JC,10C SK,XX,XIV,XIII,XII,VII,III,1H,KD,QD,ND,3D,NS,7S,QC,8C XVIII,XVII,XVI,XV,X,IX,VI,I,4H,JD,1D,2D,10S,9S,KC,9C QH,2H,3H,QS,7C,KH'
bigtwo='3C5C5H5S6H7C7D7STSQHQSKC2H 6C8D8H9CTCTDTHJDKSACAD2D2S 3D3H4D4S6S7H9H9SJSQCKHAH2C 3S4C4H5D6D8C8S9DJCJHQDKDAS'
empty='15/15/15/15/15/15/15/15/15/15/15/15/15/15/15'
endgame='5BERGS5/4PA3U5/2QAID3R5/3BEE3F2S2/1P1ET2VIATIC2/MA1TAW3c2H2/ES3IS2E2A2/AT1FOLIA4V2/LI1L1EX1E6/1N1O1D2N2Y3/1GNU2C1JETE3/2ER2OHO2N3/2O3GOY6/1INDOW1U7/4DORR7 IKLMTZ/AEINRU? 0/0 0'
# NAME, then kibitz's arguments.
cases() {
  run bridge_lead --game=bridge --seat=W --position-option=contract=3NT,declarer=S --samples=24 \
    --seed=7 'W:AKQ2.KJ3.T98.765 - - -'
  run tarok_talon --game=tarok --seat=1 --position-option=contract=three,declarer=1 \
    --samples=8 --seed=3 "$tarok"
  run tarok_play --game=tarok --seat=1 --position-option=contract=three,declarer=1 \
    --moves=talon:0,4D,JH,NH --samples=8 --seed=3 "$tarok"
  run bigtwo_seat --game=bigtwo --seat=4 --position-option=leader=1 --moves=3C,6C,9H \
    --samples=16 --seed=5 "$bigtwo"
  run scrabble_sim --game=scrabble --seat=1 --samples=6 --seed=2 "$empty AEINRST/ 0/0 0 lex SCOWL70;"
  run scrabble_endgame --game=scrabble --depth=2 "$endgame"
}
# The final report, what varies by machine left out, values to 5 significant digits.
normalize() {
  python3 -c '
import json, sys
final = [json.loads(l) for l in sys.stdin if "\"final\":true" in l][-1]
def clean(x):
    if isinstance(x, dict) and x.get("unit") == "VALUE_UNIT_RATE":
        return None  # per second: how fast the machine is
    if isinstance(x, dict):
        return {k: clean(v) for k, v in x.items()
                if k not in ("search_id", "sequence", "elapsed_ms", "nodes_per_second")}
    if isinstance(x, list):
        return [c for c in (clean(v) for v in x) if c is not None]
    if isinstance(x, float):
        return float("%.5g" % x)
    return x
print(json.dumps(clean(final), indent=1, sort_keys=True))
'
}
failed=0
run() {
  local name=$1
  shift
  for threads in 1 2; do
    "$kibitz" --json --threads=$threads analyze "$@" | normalize > "$work/$name.$threads"
  done
  if [ "${KIBITZER_UPDATE_GOLDEN:-}" = 1 ]; then
    cp "$work/$name.1" "$golden/$name.json"
  fi
  if ! diff -u "$golden/$name.json" "$work/$name.1" > "$work/diff"; then
    echo "$name: the report at one thread differs from $golden/$name.json:"
    head -40 "$work/diff"
    failed=1
  fi
  if ! diff -u "$work/$name.1" "$work/$name.2" > "$work/diff"; then
    echo "$name: the report at two threads differs from the one at one thread:"
    head -40 "$work/diff"
    failed=1
  fi
}
cases
exit $failed
