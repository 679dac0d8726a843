// Exact values of several root cards of one tarok position at once, the cards spread over
// threads that share one transposition table.
//
// Each card is solved on its own (Solver::Solve of the position after it) by the next thread
// free; what one thread's search stores serves the others. The values are exact whichever thread
// solves a card; the node counts depend on the timing.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "engine/core/search_control.h"
#include "engine/games/tarok/rules/play.h"
#include "engine/games/tarok/solver/solver.h"
#include "engine/games/tarok/solver/solver_table.h"

namespace kibitzer::tarok {

struct ParallelSolveResult {
  core::StopReason reason = core::StopReason::kNone;  // kCompleted when every card was solved
  uint64_t nodes = 0;
  // For each card whose solve was stopped part way: what it had proven of the value by then
  // (Solver::proven); nullopt for the cards solved and those not begun.
  std::vector<std::optional<Solver::Bounds>> stopped;
};

// Solves `s` after each of `cards` (legal there) for `perspective` (as Solver::Solve), on
// `threads` threads sharing `table` (set shared here; the caller clears it between deals).
// `done(i, value, nodes)` is called on the calling thread as soon as cards[i]'s value is known,
// with the nodes searched so far by all.
ParallelSolveResult SolveCardsInParallel(
    const PlayState& s, const std::vector<int>& cards, int perspective, int threads,
    SolverTable& table, core::SearchControl& control,
    const std::function<void(size_t index, int value, uint64_t nodes)>& done);

}  // namespace kibitzer::tarok
