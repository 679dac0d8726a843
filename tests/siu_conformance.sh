#!/usr/bin/env bash
# The public SIU conformance harness (woogles-io/open-protocols, siu/conformance: stdlib Python)
# against `kibitz siu`, when KIBITZER_SIU_CONFORMANCE names the directory holding it; skipped
# (exit 77) otherwise. Usage: siu_conformance.sh PATH/TO/kibitz
set -euo pipefail
dir="${KIBITZER_SIU_CONFORMANCE:-}"
if [ -z "$dir" ] || [ ! -f "$dir/siu_conformance.py" ]; then
  echo "KIBITZER_SIU_CONFORMANCE does not name the harness's directory: skipped"
  exit 77
fi
python3 "$dir/siu_conformance.py" --timeout 30 -- "$1" siu
