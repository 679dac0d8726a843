#include "engine/games/bigtwo/players.h"

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/games/bigtwo/evaluate.h"
#include "engine/games/bigtwo/monte_carlo.h"
#include "engine/search/maxn.h"
#include "engine/search/monte_carlo.h"
#include "engine/search/paranoid.h"

namespace kibitzer::bigtwo {
namespace {

constexpr uint64_t kRaceBatch = 5;  // Monte Carlo players: layouts between the race's decisions
// The race's indifference, in points: plays within a point of the best are as good.
constexpr double kRaceMargin = 1.0;

absl::StatusOr<int> ParseNumber(const std::string& text, int lo, int hi, const std::string& field,
                                const char* what) {
  int v = 0;
  if (!absl::SimpleAtoi(text, &v) || v < lo || v > hi) {
    return absl::InvalidArgumentError(absl::StrCat(field, ": ", what, " must be a number from ", lo,
                                                   " to ", hi, ", got '", text, "'"));
  }
  return v;
}

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

absl::StatusOr<PlayerOptions> ParsePlayer(const std::string& text, const std::string& field) {
  std::vector<std::string> parts = absl::StrSplit(text, ':');
  PlayerOptions o;
  const std::string& name = parts[0];
  auto number = [&](size_t i, int lo, int hi, const char* what, int* out) -> absl::Status {
    if (parts.size() <= i) return absl::OkStatus();
    absl::StatusOr<int> v = ParseNumber(parts[i], lo, hi, field, what);
    if (!v.ok()) return v.status();
    *out = *v;
    return absl::OkStatus();
  };
  auto leaf = [&](size_t i) -> absl::Status {
    if (parts.size() <= i) return absl::OkStatus();
    if (parts[i] == "eval" || parts[i] == "rollout") {
      o.leaf = parts[i] == "eval" ? Leaf::kEval : Leaf::kRollout;
      return absl::OkStatus();
    }
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": the horizon is eval or rollout, got '", parts[i], "'"));
  };
  size_t max_parts = 1;
  if (name == "baseline") {
    o.type = PlayerType::kBaseline;
  } else if (name == "random") {
    o.type = PlayerType::kRandom;
  } else if (name == "maxn" || name == "paranoid") {
    o.type = name == "maxn" ? PlayerType::kMaxn : PlayerType::kParanoid;
    max_parts = 3;
    if (absl::Status s = number(1, 1, 40, "the depth", &o.depth); !s.ok()) return s;
    if (absl::Status s = leaf(2); !s.ok()) return s;
  } else if (name == "mc" || name == "race") {
    o.type = PlayerType::kMonteCarlo;
    o.race = name == "race";
    o.samples = 40;
    o.depth = 1;
    o.leaf = Leaf::kRollout;
    max_parts = 5;
    if (absl::Status s = number(1, 1, 10000, "the samples", &o.samples); !s.ok()) return s;
    if (absl::Status s = number(2, 1, 40, "the depth", &o.depth); !s.ok()) return s;
    if (parts.size() > 3) {
      if (parts[3] == "maxn") {
        o.algorithm = Algorithm::kMaxn;
      } else if (parts[3] != "paranoid") {
        return absl::InvalidArgumentError(
            absl::StrCat(field, ": the search of mc is maxn or paranoid, got '", parts[3], "'"));
      }
    }
    if (absl::Status s = leaf(4); !s.ok()) return s;
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": unknown player '", name,
                     "' (baseline, random, maxn[:depth[:eval|rollout]], "
                     "paranoid[:depth[:eval|rollout]], "
                     "mc[:samples[:depth[:maxn|paranoid[:eval|rollout]]]], race[:...] as mc)"));
  }
  if (parts.size() > max_parts) {
    return absl::InvalidArgumentError(absl::StrCat(field, ": too many ':' parts in '", text, "'"));
  }
  return o;
}

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
