// The Monte Carlo driver's tally (monte_carlo.h): what the samples added so far say of each move,
// apart from how the samples are scheduled. It keeps each move's statistics per channel and the
// paired differences, decides after a batch through the race policy (race.h), ranks the moves and
// assembles the report. It starts no thread and takes no lock: the driver calls it under its own.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/progress.h"
#include "engine/core/running_mean.h"
#include "engine/search/race.h"

namespace kibitzer::search {

inline constexpr int kMaxPairedMoves = 256;

// One move as the driver reports it after the samples so far.
struct MonteCarloMove {
  int index = 0;                                // the game's move index
  const core::RunningMean* channels = nullptr;  // the game's Channels(); [0] the objective
  bool raced_out = false;                       // dropped by the race after channels[0].n samples
};

class MonteCarloTally {
 public:
  // `moves` moves of `channels` values each; `tie`: the channel that breaks ties of the objective
  // (-1: none); `paired`: keep the paired differences (at most kMaxPairedMoves moves).
  MonteCarloTally(int moves, int channels, int tie, bool paired);
  // Forgets every sample: every move in the race again.
  void Reset();

  // Adds one layout's values, values[move * channels + channel], for the moves `mask` holds.
  void Absorb(const double* values, const uint8_t* mask);

  // After a whole batch: drops the moves the race shows behind the best; true when the race or
  // the confidence stop ends the search.
  bool Decide(const RacePolicy& policy);
  // The moves still in the race, a byte each.
  const std::vector<uint8_t>& alive() const { return alive_; }
  int RacedOut() const;
  int InRace() const;

  // Moves in the race first, then by the objective, the tie channel and the game's order.
  std::vector<int> Ranked() const;
  const core::RunningMean& Stats(int move, int channel) const {
    return stats_[static_cast<size_t>(move * channels_ + channel)];
  }

  // The report's moves, best first, each valued by its objective and described by
  // `describe(const MonteCarloMove&, core::MoveValue&)`; best_move set. A move not yet solved on
  // any layout is left out (so every move before the first sample).
  template <typename Describe>
  void FillMoves(core::Report& report, Describe&& describe) const {
    for (int m : Ranked()) {
      const core::RunningMean& s = Stats(m, 0);
      if (s.n == 0) continue;
      core::MoveValue mv;
      mv.value = s.Mean();
      mv.std_error = s.StdError();
      mv.samples = s.n;
      mv.bound = core::Bound::kEstimate;
      describe(MonteCarloMove{m, &Stats(m, 0), raced_out_[static_cast<size_t>(m)] != 0}, mv);
      report.moves.push_back(std::move(mv));
    }
    if (!report.moves.empty()) report.best_move = report.moves.front().move;
  }

 private:
  // Whether move `m` is shown behind `best` at `z` (or better by no more than `margin`), equal to
  // it on every layout, or neither: by their paired differences where kept, else by their own
  // standard errors.
  Comparison Compare(int best, int m, double z, double margin, double tie_margin) const;
  size_t PairIndex(int a, int b) const;  // a < b

  const int moves_;
  const int channels_;
  const int tie_;
  const bool paired_;
  std::vector<core::RunningMean> stats_;  // [move][channel]
  std::vector<uint8_t> alive_;            // in the race after the latest decision
  std::vector<uint8_t> raced_out_;
  std::vector<PairSums> pairs_;  // [a < b]
};

}  // namespace kibitzer::search
