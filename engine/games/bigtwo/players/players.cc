#include "engine/games/bigtwo/players/players.h"

#include "absl/strings/str_cat.h"
#include "engine/core/player_spec.h"
#include "engine/games/bigtwo/search/evaluate.h"
#include "engine/games/bigtwo/view/monte_carlo.h"
#include "engine/search/maxn.h"
#include "engine/search/monte_carlo.h"
#include "engine/search/paranoid.h"

namespace kibitzer::bigtwo {
namespace {

constexpr uint64_t kRaceBatch = 5;  // Monte Carlo players: layouts between the race's decisions
// The race's indifference, in points: plays within a point of the best are as good.
constexpr double kRaceMargin = 1.0;

// Value of `full` after each root move, searched to depth-1 more plies.
template <typename Search>
bool ScoreMoves(SearchState& full, const PlayerOptions& options, Search& search,
                std::vector<MoveScore>& scores) {
  for (MoveScore& s : scores) {
    full.Play(s.move);
    double v;
    if constexpr (requires { search.pruned(); }) {
      v = search.Search(full, options.depth - 1)[full.history_player(full.ply() - 1)];
    } else {
      v = search.Search(full, options.depth - 1);
    }
    full.Undo(s.move);
    if (search.aborted()) return false;
    v = (v - SearchState::kShift) / 10.0;  // tenths of a point
    s.Add(v);
  }
  return true;
}

}  // namespace

const core::OptionSet<PlayerOptions>& PlayerOptionSet() {
  using O = PlayerOptions;
  static const core::OptionSet<O> kSet =
      core::OptionSet<O>()
          .Int("depth", &O::depth, 6, 1, 40, "Plies searched, passes included.")
          .Int("samples", &O::samples, 24, 1, 10000, "mc: layouts sampled for each move.")
          .Enum("algorithm", &O::algorithm, "paranoid",
                {{"maxn", Algorithm::kMaxn}, {"paranoid", Algorithm::kParanoid}},
                "mc: the search of each layout (as the search option algorithm).")
          .Enum("leaf", &O::leaf, "eval", {{"eval", Leaf::kEval}, {"rollout", Leaf::kRollout}},
                "At the depth limit: the heuristic, or the game played out by the baseline "
                "policy (as the search option leaf).")
          .Bool("race", &O::race, false,
                "mc: plays shown behind are dropped batch by batch (as the search option race).");
  return kSet;
}

namespace {

// The player types, in PlayerType's order (mc and race both kMonteCarlo).
const std::vector<core::PlayerForm>& PlayerForms() {
  static const std::vector<core::PlayerForm> kForms = {
      {"baseline", {}, {}},
      {"random", {}, {}},
      {"maxn", {"depth", "leaf"}, {}},
      {"paranoid", {"depth", "leaf"}, {}},
      {"mc",
       {"samples", "depth", "algorithm", "leaf"},
       {{"samples", "40"}, {"depth", "1"}, {"leaf", "rollout"}}},
      {"race",
       {"samples", "depth", "algorithm", "leaf"},
       {{"samples", "40"}, {"depth", "1"}, {"leaf", "rollout"}, {"race", "true"}}},
  };
  return kForms;
}

}  // namespace

absl::StatusOr<PlayerOptions> ParsePlayer(const std::string& text, const std::string& field) {
  constexpr PlayerType kTypes[] = {PlayerType::kBaseline,   PlayerType::kRandom,
                                   PlayerType::kMaxn,       PlayerType::kParanoid,
                                   PlayerType::kMonteCarlo, PlayerType::kMonteCarlo};
  return core::ParsePlayer(text, PlayerForms(), kTypes, &PlayerOptions::type, PlayerOptionSet(),
                           field);
}

std::string PlayerHelp() { return core::PlayerFormsHelp(PlayerForms()); }

std::string PlayerName(const PlayerOptions& o) {
  const char* leaf = o.leaf == Leaf::kEval ? "eval" : "rollout";
  switch (o.type) {
    case PlayerType::kBaseline:
      return "baseline";
    case PlayerType::kRandom:
      return "random";
    case PlayerType::kMaxn:
      return absl::StrCat("maxn:", o.depth, ":", leaf);
    case PlayerType::kParanoid:
      return absl::StrCat("paranoid:", o.depth, ":", leaf);
    case PlayerType::kMonteCarlo:
      return absl::StrCat(o.race ? "race:" : "mc:", o.samples, ":", o.depth, ":",
                          o.algorithm == Algorithm::kMaxn ? "maxn" : "paranoid", ":", leaf);
  }
  return "?";
}

bool ScoreLayout(const State& full, const PlayerOptions& options, core::SearchControl& control,
                 std::vector<MoveScore>& scores, uint64_t* nodes) {
  SearchState s(full, options.leaf == Leaf::kRollout);
  bool ok = true;
  if (options.algorithm == Algorithm::kMaxn) {
    search::MaxN<SearchState> maxn(&control);
    ok = ScoreMoves(s, options, maxn, scores);
    *nodes += maxn.nodes();
  } else {
    search::Paranoid<SearchState> paranoid(&control, full.CurrentPlayer());
    ok = ScoreMoves(s, options, paranoid, scores);
    *nodes += paranoid.nodes();
  }
  return ok;
}

Move ChooseMove(const State& state, const PlayerOptions& options, uint64_t move_seed,
                uint64_t* nodes, std::optional<double>* value) {
  Move moves[kMaxMoves];
  const int count = state.GenerateMoves(moves);
  if (count == 1) return moves[0];
  core::StopToken never;
  core::SearchControl control(core::Limits{}, &never);
  switch (options.type) {
    case PlayerType::kBaseline:
      return BaselineMove(state);
    case PlayerType::kRandom: {
      core::Rng rng(move_seed);
      return moves[rng.Below(static_cast<uint64_t>(count))];
    }
    case PlayerType::kMaxn: {
      SearchState s(state, options.leaf == Leaf::kRollout);
      search::MaxN<SearchState> maxn(&control);
      Move best;
      maxn.Search(s, options.depth, &best);
      *nodes += maxn.nodes();
      return best;
    }
    case PlayerType::kParanoid: {
      SearchState s(state, options.leaf == Leaf::kRollout);
      search::Paranoid<SearchState> paranoid(&control, state.CurrentPlayer());
      Move best;
      paranoid.Search(s, options.depth, INT_MIN + 1, INT_MAX, &best);
      *nodes += paranoid.nodes();
      return best;
    }
    case PlayerType::kMonteCarlo:
      break;
  }
  // Monte Carlo over the layouts of the mover's view (search::MonteCarloSearch, one worker).
  const int me = state.CurrentPlayer();
  const State view = state.Restricted(static_cast<uint8_t>(1 << me));
  absl::StatusOr<std::unique_ptr<PlayLayouts>> layouts =
      PlayLayouts::Make(view, Hands{}, options, std::vector<Move>(moves, moves + count), move_seed);
  if (!layouts.ok()) return moves[0];
  search::MonteCarloConfig config;
  config.samples = static_cast<uint64_t>(options.samples);
  config.batch = kRaceBatch;
  config.min_samples = kRaceBatch;
  config.race = options.race ? 0.95 : 0;
  config.margin = kRaceMargin;
  search::MonteCarloSearch<PlayLayouts> search(**layouts, config);
  const core::Report report = search.RunQuietly();
  *nodes += report.nodes;
  if (value != nullptr && !report.moves.empty()) *value = report.moves.front().value;
  return moves[std::max(0, search.BestIndex())];
}

}  // namespace kibitzer::bigtwo
