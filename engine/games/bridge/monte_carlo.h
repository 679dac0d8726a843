// Monte Carlo card analysis from one seat's view: layouts sampled consistently with what the seat
// knows (and any constraints), each solved double-dummy for every candidate card.
//
// Sample i is drawn from its own random stream (seed, i), and the numbers reported after N samples
// are those of samples 0..N-1 whatever thread solved them, so the same seed gives the same answer
// at any thread count. Decisions to stop (sample limit, separation of the best card) are taken
// only after whole batches; a time limit or a stop ends at the samples finished by then.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "engine/core/game.h"
#include "engine/games/bridge/layout_sampler.h"
#include "engine/games/bridge/mc_stats.h"
#include "engine/games/bridge/seat_view.h"

namespace kibitzer::bridge {

struct MonteCarloOptions {
  Objective objective = Objective::kMake;
  uint64_t samples = 500;  // at most this many layouts
  double confidence = 0;   // stop once the best card is separated at this level (0: never)
  int min_samples = 30;    // before any early stop
  int batch = 10;          // samples between reports and stop decisions
  int threads = 1;
  int table_megabytes = 32;  // per thread
  uint64_t seed = 0;
  std::vector<int> candidates;  // cards to score (legal ones, in suit and rank order)
};

class MonteCarloTask final : public core::SearchTask {
 public:
  // `script` (may be null) is the constraint script the sampler reads; the task keeps it alive.
  MonteCarloTask(SeatView view, std::unique_ptr<dealer::Script> script, LayoutSampler sampler,
                 ResultModel model, MonteCarloOptions options);
  core::Report Run(core::SearchControl& control, core::ProgressSink& sink) override;
  // A solver's table per thread; two with IMPs (the layout's par too).
  size_t TableBytes() const override {
    const size_t per_thread = (options_.objective == Objective::kImps ? 2 : 1) *
                              DoubleDummySolver::TableBytes(options_.table_megabytes);
    return static_cast<size_t>(std::max(1, options_.threads)) * per_thread;
  }

 private:
  class Workers;
  core::Report MakeReport(int samples, uint64_t nodes, int64_t rejected,
                          const core::SearchControl& control) const;
  // Stopped before sample 0 was solved: the cards on layout 0 alone, those its stopped solve had
  // valued or, failing that, as many as a small search of it values (within `node_limit` when not
  // 0), so that BestMove names a card. No moves when even that values none.
  void FirstLayoutOnly(core::Report& report, uint64_t node_limit) const;

  SeatView view_;
  std::unique_ptr<dealer::Script> script_;
  LayoutSampler sampler_;
  ResultModel model_;
  MonteCarloOptions options_;
  std::vector<int8_t> tricks_;  // [sample][candidate]
  std::vector<int32_t> par_;    // [sample], for IMPs
  // The cards the solve of layout 0 valued before a stop cut it short.
  std::vector<std::pair<int, int>> first_partial_;
};

}  // namespace kibitzer::bridge
