#!/usr/bin/env bash
# The whole set-up on a fresh Debian bookworm machine (as root): installs the packages, builds,
# and runs every test.
#   scripts/test.sh              release build in build/, then the web page in a browser
#   scripts/test.sh --sanitize   AddressSanitizer + UndefinedBehaviorSanitizer build in build-asan/
#   scripts/test.sh --tsan       ThreadSanitizer build in build-tsan/
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# The sanitizer builds: -O1 and line tables only (-g1), which is what their reports use; this
# halves their compile time against RelWithDebInfo's -O2 -g.
sanitized=(-DKIBITZER_BUILD_TESTS=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
           "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG")
exclude=()
case "${1:-}" in
  --sanitize)
    dir=build-asan
    bash scripts/build.sh "$dir" "${sanitized[@]}" -DKIBITZER_SANITIZE=ON
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    # The release run checks every line of the bridge reference files; this one the first few.
    export KIBITZER_REFERENCE_LINES=10
    export KIBITZER_LOAD_SECONDS=4
    export KIBITZER_CASE_DIVISOR=5
    ;;
  --tsan)
    dir=build-tsan
    bash scripts/build.sh "$dir" "${sanitized[@]}" -DKIBITZER_TSAN=ON
    # The slowest tests of code that starts no thread can show TSan nothing; they run in the
    # other two builds: the brute-force agreement checks of move generation, the Scrabble endgame
    # and alpha-beta, and the Scrabble players (each simulation on the calling thread).
    no_threads='ScrabbleMoveGen[.]AgreesWithABruteForce|ScrabbleEndgame[.]AgreesWithPlainMinimax'
    no_threads+='|AlphaBeta[.]AgreesWithMinimax|ScrabblePlayers[.]|ScrabblePeg[.]'
    # kibitz siu's pre-endgame: one search thread solving endgames (its session's threads are
    # the other Siu tests').
    no_threads+='|Siu[.]PegGivesEachPlaysWinsDrawsAndLossesPerDraw'
    exclude=(-E "^($no_threads)")
    # Only the frames of Debian's uninstrumented libraries are suppressed, by name.
    export TSAN_OPTIONS="suppressions=$PWD/tests/tsan.supp halt_on_error=1 second_deadlock_stack=1"
    export KIBITZER_REFERENCE_LINES=10
    export KIBITZER_LOAD_SECONDS=4
    export KIBITZER_CASE_DIVISOR=5
    ;;
  "")
    dir=build
    bash scripts/build.sh "$dir" -DKIBITZER_BUILD_TESTS=ON
    ;;
  *)
    echo "test.sh: unknown flag $1 (use --sanitize or --tsan)" >&2
    exit 2
    ;;
esac
jobs=$(nproc)
# The sanitizer builds leave out the multi-process integration tests (replicas behind nginx,
# batches over several servers, the Python clients): the same server code runs in their loopback
# tests, and a sanitized double-dummy batch takes minutes. They leave out the golden reports too
# (values, checked by the release run; the same searches run in their other tests).
[ "$dir" = build ] || exclude+=(-LE 'integration|golden')
ctest --test-dir "$dir" --output-on-failure --timeout 300 -j "$jobs" "${exclude[@]}"
# The web page in a real browser, after the C++ tests (release build only).
if [ "$dir" = build ]; then
  bash scripts/web-test.sh "$dir"
fi
