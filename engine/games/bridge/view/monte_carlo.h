// Monte Carlo card analysis from one seat's view: layouts sampled consistently with what the seat
// knows (and any constraints), each solved double-dummy for every candidate card still in the
// race. The sampling, the order, the limits and the race are search::MonteCarloSearch's; this is
// bridge's part: the sampler, the double-dummy solver and the objective.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include "engine/core/game.h"
#include "engine/games/bridge/dd/dd_solver.h"
#include "engine/games/bridge/view/layout_sampler.h"
#include "engine/games/bridge/view/mc_stats.h"
#include "engine/games/bridge/view/seat_view.h"
#include "engine/search/monte_carlo.h"

namespace kibitzer::bridge {

struct MonteCarloOptions {
  Objective objective = Objective::kMake;
  search::MonteCarloConfig config;
  int table_megabytes = 32;  // per thread
  uint64_t seed = 0;
  std::vector<int> candidates;  // cards to score (legal ones, in suit and rank order)
};

// Bridge as a search::MonteCarloGame. Channels per card and layout: the objective, tricks (the
// tie-break), success (makes or defeats), score and IMPs against the layout's par.
class CardLayouts {
 public:
  enum Channel { kObjective, kTricks, kSuccess, kScore, kImps, kChannels };
  struct Worker {
    explicit Worker(const MonteCarloOptions& o);
    DoubleDummySolver solver;
    std::unique_ptr<DoubleDummySolver> table_solver;  // the layout's par, for IMPs
  };

  CardLayouts(SeatView view, std::unique_ptr<dealer::Script> script, LayoutSampler sampler,
              ResultModel model, MonteCarloOptions options);

  int MoveCount() const { return static_cast<int>(options_.candidates.size()); }
  int Channels() const { return kChannels; }
  int TieChannel() const { return kTricks; }
  std::unique_ptr<Worker> MakeWorker() const { return std::make_unique<Worker>(options_); }
  std::optional<uint64_t> Solve(Worker& w, uint64_t sample, const uint8_t* alive,
                                core::SearchControl& control, double* values) const;
  void Describe(const search::MonteCarloMove& move, core::MoveValue& mv) const;
  void AddStatistics(core::Report& report) const;
  // The cards on layout 0 alone: those its stopped solve had valued or, failing that, as many as
  // a small search of it values (within the search's node limit), so that BestMove names a card.
  void EarlyAnswer(core::Report& report, const core::SearchControl& control) const;

  const MonteCarloOptions& options() const { return options_; }

 private:
  // The channels of one card that takes `tricks` on a layout whose par (side to move) is `par`.
  void Fill(int tricks, int32_t par, double* out) const;

  SeatView view_;
  std::unique_ptr<dealer::Script> script_;  // read by the sampler
  LayoutSampler sampler_;
  ResultModel model_;
  MonteCarloOptions options_;
  uint64_t candidate_mask_ = 0;
  mutable std::atomic<int64_t> rejected_{0};
  // The cards the solve of layout 0 valued before a stop cut it short.
  mutable std::mutex first_mu_;
  mutable std::vector<std::pair<int, int>> first_partial_;
};

}  // namespace kibitzer::bridge
