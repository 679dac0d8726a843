// Big Two's part in search::MonteCarloSearch: from a seat's view, each sampled layout searched by
// max^n or paranoid to the depth limit for every play still in the race. Channels per play and
// layout: the seat's value and whether it goes out first (value > 0).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/progress.h"
#include "engine/core/search_control.h"
#include "engine/games/bigtwo/players/players.h"
#include "engine/games/bigtwo/view/sampler.h"
#include "engine/search/monte_carlo.h"

namespace kibitzer::bigtwo {

class PlayLayouts {
 public:
  enum Channel { kValue, kWin, kChannels };
  struct Worker {
    std::vector<MoveScore> scores;  // the plays in the race on this layout
    std::vector<int> index;         // their indices
  };

  // Errors (fixed cards that do not fit) name `fixed`.
  static absl::StatusOr<std::unique_ptr<PlayLayouts>> Make(const State& view, const Hands& fixed,
                                                           PlayerOptions player,
                                                           std::vector<Move> moves, uint64_t seed);

  int MoveCount() const { return static_cast<int>(moves_.size()); }
  int Channels() const { return kChannels; }
  int TieChannel() const { return -1; }
  std::unique_ptr<Worker> MakeWorker() const;
  std::optional<uint64_t> Solve(Worker& w, uint64_t sample, const uint8_t* alive,
                                core::SearchControl& control, double* values) const;
  void Describe(const search::MonteCarloMove& move, core::MoveValue& mv) const;
  void AddStatistics(core::Report& report) const { report.depth = player_.depth; }
  // The rule-based player's choice on layout 0: it looks at the seat's own hand and the table only.
  void EarlyAnswer(core::Report& report, const core::SearchControl& control) const;

 private:
  PlayLayouts(const State& view, PlayerOptions player, std::vector<Move> moves, uint64_t seed)
      : view_(view), player_(player), moves_(std::move(moves)), seed_(seed) {}

  State view_;
  std::optional<Sampler> sampler_;  // reads view_
  PlayerOptions player_;
  std::vector<Move> moves_;
  uint64_t seed_;
};

}  // namespace kibitzer::bigtwo
