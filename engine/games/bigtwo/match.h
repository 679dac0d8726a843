// The Big Two match harness: whole games between players on seeded deals.
//
// Deal d is drawn from stream d of the seed, so every line-up meets the same deals. With
// rotation, each deal is played once per seat rotation (player i in seat (i + r) mod players),
// so no player keeps the good cards. Games run on several threads; results are combined in game
// order, so they do not depend on the thread count.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/match_support.h"
#include "engine/games/bigtwo/players/players.h"

namespace kibitzer::bigtwo {

struct MatchOptions : core::MatchSchedule {
  Rules rules;
  std::vector<PlayerOptions> players;  // one per seat (rules.players)
  bool rotate = true;
};

using PlayerResult = core::PlayerTally;

struct MatchResult {
  std::vector<PlayerResult> players;
  int games = 0;
  // Per player, the difference in points per game against each other player over the same
  // games: mean and the 95% half-width (paired, so deal luck cancels).
  std::vector<std::vector<std::pair<double, double>>> differences;
};

// The hands of deal `index` of `seed`: `players` hands of 13, the rest out of play.
std::array<Mask, kMaxPlayers> DealHands(uint64_t seed, uint64_t index, int players);
// The start of a game with these hands: the holder of the lowest dealt card leads with it.
State StartOfGame(const Rules& rules, const std::array<Mask, kMaxPlayers>& hands);

// Plays the match; `progress` (may be empty) is called with the games done so far, `partial` (may
// be empty) with the result of the games of the first report_every, 2 report_every, ... deals as
// soon as they are all played, before the rest (the same numbers at any thread count).
absl::StatusOr<MatchResult> PlayMatch(const MatchOptions& options,
                                      const std::function<void(int, int)>& progress,
                                      const std::function<void(const MatchResult&)>& partial = {});

}  // namespace kibitzer::bigtwo
