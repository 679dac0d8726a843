// Leave values learned by self-play (kibitz scrabble-leaves), as Quackle and Macondo learn theirs.
//
// Each generation plays `games` seeded games of the static player against itself, valuing leaves
// by the previous generation's table (the first generation by the hand-made values). Every move
// that keeps a leave with tiles in the bag is an observation of that leave; its target is what the
// same player gains on its next turn: that move's equity (score plus the leave it keeps, by the
// table in play), or, when the game ends first, what the end of the game moves the spread beyond
// the other's last play. Then:
//   - a leave's value with a full draw ahead (7 or more tiles in the bag) is its mean target less
//     the mean target after keeping nothing (a whole fresh rack);
//   - the pair model (leave_table.h) is fitted to those means by least squares, each leave
//     weighted by how often it was kept (with a small ridge, so pairs never seen are 0);
//   - a leave kept at least `min_count` times gets its own value, its mean pulled towards the
//     model as if the model were `prior_weight` more observations;
//   - near the end of the bag (1..6 tiles before the draw), the factor of each bag size is the
//     least-squares slope of the target on the new table's value.
// Game g of generation i is deal i * games + g of `seed`, its observations are summed in fixed
// point in game order, so the table does not depend on the thread count.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "engine/games/scrabble/leaves/leave_table.h"
#include "engine/games/scrabble/rules/position.h"

namespace kibitzer::scrabble {

struct LeaveLearningOptions {
  std::shared_ptr<const Kwg> kwg;  // the lexicon's learned leaves (if any) are not used
  std::string lexicon;
  Rules rules;
  int games = 40000;  // a generation
  int generations = 3;
  uint64_t seed = 1;
  int threads = 1;
  int min_count = 50;
  double prior_weight = 100;
};

struct LeaveLearningStats {
  uint64_t observations = 0;   // of the last generation, with a full draw ahead
  uint64_t leaves_seen = 0;    // distinct leaves among them
  uint64_t leaves_stored = 0;  // with their own value
  double baseline = 0;         // the mean target after keeping nothing
  double mean_game_score = 0;  // of one side, the last generation
};

// `progress(generation, games done, games)`. Errors name the option.
absl::StatusOr<LeaveTable> LearnLeaves(const LeaveLearningOptions& options,
                                       const std::function<void(int, int, int)>& progress,
                                       LeaveLearningStats* stats);

}  // namespace kibitzer::scrabble
