#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, with AddressSanitizer and UndefinedBehaviorSanitizer) in
# build-fuzz/ and runs each for a while on its committed seed corpus (tests/fuzz/corpus/TARGET).
#   scripts/fuzz.sh [--seconds=N] [TARGET...]   N seconds each (default 60); all targets by default
# Inputs that reach new code are kept in build-fuzz/corpus/TARGET (the seeds stay as committed); a
# crash, leak or timeout is saved as build-fuzz/artifacts/TARGET-* and the script exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=60
targets=()
for arg in "$@"; do
  case "$arg" in
    --seconds=*) seconds="${arg#--seconds=}" ;;
    -*) echo "fuzz.sh: unknown flag $arg" >&2; exit 2 ;;
    *) targets+=("$arg") ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=(dealer_script records notation engine_api)
bash scripts/install-deps.sh
# -O1 and line tables only, as the sanitizer builds of scripts/test.sh.
CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG" \
  -DKIBITZER_BUILD_TESTS=OFF -DKIBITZER_FUZZ=ON > /dev/null
cmake --build build-fuzz --target "${targets[@]/%/_fuzz}"
mkdir -p build-fuzz/artifacts
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
failed=0
for t in "${targets[@]}"; do
  mkdir -p "build-fuzz/corpus/$t"
  echo "== fuzzing $t for ${seconds} s"
  if ! "build-fuzz/tests/fuzz/${t}_fuzz" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=3072 \
      -max_len=4096 -print_final_stats=1 -artifact_prefix="build-fuzz/artifacts/$t-" \
      "build-fuzz/corpus/$t" "tests/fuzz/corpus/$t" 2> "build-fuzz/$t.log"; then
    failed=1
    echo "fuzz.sh: $t failed; its input is in build-fuzz/artifacts/, the log:" >&2
    tail -60 "build-fuzz/$t.log" >&2
  fi
  grep -E "^stat::(number_of_executed_units|new_units_added)|Done [0-9]+ runs" "build-fuzz/$t.log" || true
done
exit $failed
