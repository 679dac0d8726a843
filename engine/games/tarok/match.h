// The tarok match harness: whole games (bidding, king call, talon, play) between three (or four)
// players on seeded deals. Deal d is stream d of the seed; with rotation each deal is played once
// per player, player i in seat (i + r) mod n, so no player keeps the good cards. Games run on
// several threads and are combined in game order, so the results do not depend on the thread count.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/match_support.h"
#include "engine/games/tarok/players/players.h"

namespace kibitzer::tarok {

struct MatchOptions : core::MatchSchedule {
  Rules rules;
  std::vector<PlayerOptions> players;  // three, or four for the four-player game
  bool rotate = true;
};

struct PlayerResult : core::PlayerTally {
  // wins: games with a positive score (the declarer who made his contract, klop's +70).
  int declared = 0;  // games it won the bidding in (klop not counted)
  int made = 0;      // of those, contracts made
};

struct MatchResult {
  std::vector<PlayerResult> players;
  int games = 0;
  // differences[p][q]: mean of (p's score - q's score) per game, and its 95% half-width.
  std::vector<std::vector<std::pair<double, double>>> differences;
};

// Plays the match; `progress` (may be empty) is called with the games done so far, `partial` (may
// be empty) with the result of the games of the first report_every, 2 report_every, ... deals as
// soon as they are all played, before the rest (the same numbers at any thread count).
absl::StatusOr<MatchResult> PlayMatch(const MatchOptions& options,
                                      const std::function<void(int, int)>& progress,
                                      const std::function<void(const MatchResult&)>& partial = {});

}  // namespace kibitzer::tarok
