// The Scrabble match harness: whole games between two players on seeded bags.
//
// Deal d's bag order is drawn from stream d of the seed, so every line-up meets the same tiles;
// with rotation each deal is played twice, each player moving first once with the same first
// rack. Games run on several threads and are combined in game order, so the results do not depend
// on the thread count (the times per move aside).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/match_support.h"
#include "engine/games/scrabble/players.h"

namespace kibitzer::scrabble {

// A deal is a bag order; on_game's record is the game's GCG.
struct MatchOptions : core::MatchSchedule {
  std::shared_ptr<const Kwg> kwg;
  std::shared_ptr<const LeaveTable> leaves;  // null: the hand-made values
  std::string lexicon;
  Rules rules;
  std::array<PlayerOptions, 2> players;
  bool rotate = true;
};

struct PlayerResult {
  std::string name;
  int games = 0;
  double wins = 0;       // a tie counts half
  int64_t spread = 0;    // its score minus the other's, over all games
  double spread_sd = 0;  // standard deviation of one game's spread
  double median_move_ms = 0;
  double p95_move_ms = 0;  // the 95th percentile of its moves' times
  double max_move_ms = 0;
  uint64_t moves = 0;
  uint64_t nodes = 0;
  double MeanSpread() const { return games > 0 ? static_cast<double>(spread) / games : 0; }
  double WinRate() const { return games > 0 ? wins / games : 0; }
  double SpreadHalfWidth() const;
  double WinRateHalfWidth() const;
};

struct MatchResult {
  std::array<PlayerResult, 2> players;
  int games = 0;
};

// A new game from bag `deal` of `seed`: the first seven tiles the first mover's rack, the next
// seven the other's, the rest the bag in drawing order. `leaves` as for Position.
Position NewGame(std::shared_ptr<const Kwg> kwg, const std::string& lexicon, const Rules& rules,
                 uint64_t seed, uint64_t deal, std::shared_ptr<const LeaveTable> leaves = nullptr);

// Plays the match; `progress` (may be empty) is called with the games done so far, `partial` (may
// be empty) with the result of the games of the first report_every, 2 report_every, ... deals as
// soon as they are all played, before the rest (the same numbers at any thread count).
absl::StatusOr<MatchResult> PlayMatch(const MatchOptions& options,
                                      const std::function<void(int, int)>& progress,
                                      const std::function<void(const MatchResult&)>& partial = {});

}  // namespace kibitzer::scrabble
