#!/usr/bin/env bash
# scowl-words.sh SCOWL_DIR LEVEL OUT: the word list of a SCOWL level as scrabble.md specifies:
# every word of the english-words.* and american-words.* files of levels 10..LEVEL (Latin-1,
# converted first) that is 2..15 lower-case letters a..z, upper-cased, sorted, unique.
set -euo pipefail
dir=$1 level=$2 out=$3
files=()
for f in "$dir"/english-words.* "$dir"/american-words.*; do
  n=${f##*.}
  [[ $n =~ ^[0-9]+$ ]] && ((n <= level)) && files+=("$f")
done
cat "${files[@]}" | iconv -f latin1 -t utf-8 | LC_ALL=C grep -E '^[a-z]{2,15}$' | tr a-z A-Z |
  LC_ALL=C sort -u >"$out.tmp"
mv "$out.tmp" "$out"
