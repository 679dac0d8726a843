// The bridge match harness: two players as teams of four on seeded deals, as a team match is
// played. Each deal is played at two tables at the par contract (DealerPar of its double-dummy
// table, the board's dealer and vulnerability): player 1 sits North-South at the first table and
// East-West at the second; the difference of North-South's scores is the first player's IMPs on
// the deal. Players choose every card of their side (declarer plays dummy's). Games (tables) run
// on several threads; results are combined in deal order, so they do not depend on the threads.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/match_support.h"
#include "engine/core/options.h"
#include "engine/games/bridge/rules/play.h"

namespace kibitzer::bridge {

struct PlayerOptions {
  enum class Kind { kRandom, kDoubleDummy, kMonteCarlo };
  Kind kind = Kind::kMonteCarlo;
  int samples = 20;  // Monte Carlo: layouts a card
  uint64_t seed = 0;
};

// The players' settings, declared once.
const core::OptionSet<PlayerOptions>& PlayerOptionSet();
// "random", "dd" (sees every hand: double-dummy play), "mc[:samples]" (the seat's view: Monte
// Carlo over the layouts it cannot see, most tricks), settings also by name ("mc:samples=40",
// core/player_spec.h); errors name `field`.
absl::StatusOr<PlayerOptions> ParsePlayer(const std::string& text, const std::string& field);
// The forms, as a help line lists them.
std::string PlayerHelp();
std::string PlayerName(const PlayerOptions& options);

// on_game is given each table (a card's value: the tricks its player saw; the record: PBN).
struct MatchOptions : core::MatchSchedule {
  MatchOptions() { deals = 16; }  // one cycle of dealers and vulnerability
  std::array<PlayerOptions, 2> players;
};

// points: IMPs; games: deals; wins: deals won on IMPs.
using PlayerResult = core::PlayerTally;

struct MatchResult {
  std::vector<PlayerResult> players;
  int games = 0;  // deals
  std::vector<std::vector<std::pair<double, double>>> differences;
};

// The hands of deal `index` of `seed`.
Hands DealHands(uint64_t seed, uint64_t index);

absl::StatusOr<MatchResult> PlayMatch(const MatchOptions& options,
                                      const std::function<void(int, int)>& progress,
                                      const std::function<void(const MatchResult&)>& partial = {});

}  // namespace kibitzer::bridge
