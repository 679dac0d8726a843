// The Monte Carlo driver's race and confidence stop (monte_carlo.h), as pure functions of the
// statistics: how two moves compare, and what a batch's decision is. The driver keeps the sums;
// these judge them, so the policy can be read and tested alone.
#pragma once

#include <cstdint>

#include "engine/core/running_mean.h"

namespace kibitzer::search {

// The z of a one-sided test at `confidence` (0.95 gives 1.645).
double NormalQuantile(double confidence);

// The paired difference first - second of two moves on the same layouts, on the objective and on
// the tie channel.
struct PairSums {
  uint64_t n = 0;
  double sum = 0, squares = 0, tie_sum = 0, tie_squares = 0;
};

// The share of layouts on which two moves may differ and still count as equal in the race.
inline constexpr double kTieShare = 0.05;

enum class Comparison {
  kOpen,    // not decided yet
  kBehind,  // shown worse than the best at z, or better by no more than the margin
  kEqual,   // equal to the best on every layout (no margin to be indifferent within)
};

// A move against the best by their own standard errors (no paired statistics).
Comparison CompareUnpaired(const core::RunningMean& best, const core::RunningMean& other, double z,
                           double margin);
// A move against the best by their paired differences; `best_first`: the pair's first move is
// the best. A pair equal on the objective on every layout is judged on the tie channel (when
// `has_tie`) within `tie_margin`; equal there too, the move is behind only once so many straight
// ties would be unlikely at z were the two to differ on kTieShare of the layouts.
Comparison ComparePaired(const PairSums& pair, bool best_first, bool has_tie, double z,
                         double margin, double tie_margin);

struct RacePolicy {
  double race = 0;        // drop moves behind the best at this confidence (0: no race)
  double confidence = 0;  // stop once the best is ahead of every other at this (0: never)
  double margin = 0;      // the race's indifference, in the objective's unit
  double tie_margin = 0;  // the same in the tie channel's
};

// One decision after a batch: the moves `compare(m, z, margin, tie_margin)` shows behind `best`
// at the race's z (Bonferroni over the moves in the race) leave the race (alive[m] = 0,
// raced_out[m] = 1). Returns true when the search is over: one move left in the race, or the best
// ahead of every other move still in it at `confidence` (moves equal to it do not hold it back).
template <typename Compare>
bool JudgeBatch(const RacePolicy& policy, int best, int moves, uint8_t* alive, uint8_t* raced_out,
                Compare&& compare) {
  int in_race = 0;
  for (int m = 0; m < moves; ++m) in_race += alive[m];
  if (policy.race > 0 && in_race > 1) {
    const double z = NormalQuantile(1 - (1 - policy.race) / (in_race - 1));
    for (int m = 0; m < moves; ++m) {
      if (m == best || !alive[m]) continue;
      if (compare(m, z, policy.margin, policy.tie_margin) == Comparison::kBehind) {
        alive[m] = 0;
        raced_out[m] = 1;
        --in_race;
      }
    }
    if (in_race == 1) return true;
  }
  if (policy.confidence <= 0) return false;
  const double z = NormalQuantile(policy.confidence);
  for (int m = 0; m < moves; ++m) {
    if (m == best || !alive[m]) continue;
    if (compare(m, z, 0.0, 0.0) == Comparison::kOpen) return false;
  }
  return true;
}

}  // namespace kibitzer::search
