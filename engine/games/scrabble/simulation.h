// Scrabble's part in search::MonteCarloSearch, the seed's simulation: for each sampled layout
// (the other rack and the bag's order drawn from the unseen tiles, with fixed tiles), every
// candidate still in the race is played, then `plies` more plies by the static player, both
// sides. A candidate's value on a layout is the change in the spread (its side's score minus the
// other's), plus the leave values of both racks at the horizon (the mover's counted for, the
// other's against) unless the game ended; its win channel is 1 when the spread then is positive
// (0.5 when level), the horizon's estimate of winning. Layout i uses stream i of the seed and
// the same draw for every candidate, so candidates are compared on the same racks.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/progress.h"
#include "engine/core/search_control.h"
#include "engine/games/scrabble/movegen.h"
#include "engine/games/scrabble/position.h"
#include "engine/games/scrabble/sampler.h"
#include "engine/search/monte_carlo.h"

namespace kibitzer::scrabble {

class Simulation {
 public:
  enum Channel { kSpread, kWin, kChannels };
  struct Worker {
    MoveGenerator gen;
    std::vector<Move> moves;
    Rack rack;
    std::vector<uint8_t> bag;
    Position layout, play;
  };

  // `view`: the side to move's view (its rack known); `candidates` (the best first) are
  // simulated; `fixed` tiles of the other rack ("2:Q"), errors name fixed[i].
  static absl::StatusOr<std::unique_ptr<Simulation>> Make(const Position& view,
                                                          std::vector<Move> candidates, int plies,
                                                          uint64_t seed,
                                                          const std::vector<std::string>& fixed);

  int MoveCount() const { return static_cast<int>(candidates_.size()); }
  int Channels() const { return kChannels; }
  int TieChannel() const { return -1; }
  std::unique_ptr<Worker> MakeWorker() const;
  std::optional<uint64_t> Solve(Worker& w, uint64_t sample, const uint8_t* alive,
                                core::SearchControl& control, double* values) const;
  void Describe(const search::MonteCarloMove& move, core::MoveValue& mv) const;
  void AddStatistics(core::Report& report) const { report.depth = plies_ + 1; }
  // Stopped before any layout: the static player's choice (the first candidate).
  void EarlyAnswer(core::Report& report, const core::SearchControl& control) const;
  const std::vector<Move>& candidates() const { return candidates_; }

 private:
  Simulation(const Position& view, std::vector<Move> candidates, int plies, uint64_t seed)
      : view_(view), candidates_(std::move(candidates)), plies_(plies), seed_(seed) {}

  Position view_;
  std::optional<RackSampler> sampler_;  // reads view_
  std::vector<Move> candidates_;
  int plies_;
  uint64_t seed_;
};

}  // namespace kibitzer::scrabble
