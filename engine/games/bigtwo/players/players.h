// Big Two players: the thesis's rule-based baseline, a random legal player, perfect-information
// max^n and paranoid search (they see every hand, as the thesis's Type B does), and the Monte
// Carlo player, which sees only its own seat's view, samples the hidden hands and searches each
// layout. Deterministic: the same options, position and seed give the same move.
//
// Thread-safety: a Player keeps no state between moves; one per thread.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/options.h"
#include "engine/core/running_mean.h"
#include "engine/core/search_control.h"
#include "engine/games/bigtwo/search/evaluate.h"
#include "engine/games/bigtwo/view/sampler.h"

namespace kibitzer::bigtwo {

enum class PlayerType { kBaseline, kRandom, kMaxn, kParanoid, kMonteCarlo };
enum class Algorithm { kMaxn, kParanoid };
// What a depth-limited search puts at its horizon: the heuristic, or the outcome of playing the
// game out with the baseline policy for every seat (a rollout).
enum class Leaf { kEval, kRollout };

struct PlayerOptions {
  PlayerType type = PlayerType::kBaseline;
  int depth = 6;                               // plies, passes included (the thesis's depth)
  int samples = 24;                            // Monte Carlo: layouts per move
  Algorithm algorithm = Algorithm::kParanoid;  // Monte Carlo: the search of each layout
  Leaf leaf = Leaf::kEval;
  uint64_t seed = 0;
  bool race = false;  // Monte Carlo: drop the plays shown behind as the layouts come (race)
};

// The players' settings, declared once (names as the search options' where they mean the same).
const core::OptionSet<PlayerOptions>& PlayerOptionSet();
// "baseline", "random", "maxn[:depth[:leaf]]", "paranoid[:depth[:leaf]]",
// "mc[:samples[:depth[:algorithm[:leaf]]]]" (mc's defaults: 40 samples, depth 1, paranoid,
// rollout: each layout's moves scored by playing them out), "race[:...]" (mc racing:
// search::MonteCarloSearch drops the plays shown behind, batch by batch, and stops once one is
// left), or any setting by name ("mc:samples=60:leaf=eval", core/player_spec.h).
absl::StatusOr<PlayerOptions> ParsePlayer(const std::string& text, const std::string& field);
// The forms, as a help line lists them.
std::string PlayerHelp();
std::string PlayerName(const PlayerOptions& options);

// Values of root moves, for the player to move.
struct MoveScore : core::RunningMean {
  Move move;
};

// One layout searched: the value of every move in `moves` for the player to move of `full` (every
// hand known), adding to `scores`. Returns false when `control` stopped it.
bool ScoreLayout(const State& full, const PlayerOptions& options, core::SearchControl& control,
                 std::vector<MoveScore>& scores, uint64_t* nodes);

// The move a player chooses. `state` is the full layout; players that may not look at hidden
// hands see only state.Restricted() of their seat. `value` (optional) gets the Monte Carlo
// player's estimate of the move in game points (nothing from the other players).
Move ChooseMove(const State& state, const PlayerOptions& options, uint64_t move_seed,
                uint64_t* nodes, std::optional<double>* value = nullptr);

}  // namespace kibitzer::bigtwo
