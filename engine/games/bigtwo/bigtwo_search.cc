// Analysis of a Big Two position: every legal play scored, by a depth-limited max^n or paranoid
// search when every hand is known, and by Monte Carlo over sampled layouts from a seat's view.
#include <algorithm>
#include <cmath>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/core/candidates.h"
#include "engine/games/bigtwo/bigtwo_game.h"
#include "engine/games/bigtwo/players/players.h"
#include "engine/games/bigtwo/view/monte_carlo.h"
#include "engine/search/monte_carlo_task.h"

namespace kibitzer::bigtwo {
namespace {

constexpr int kDefaultSamples = 100;
constexpr int kBatch = 10;

struct TaskOptions {
  PlayerOptions player;
  std::vector<Move> moves;  // root moves searched
};

// A position with every hand known: iterative deepening to the depth limit.
class BigTwoTask final : public core::SearchTask {
 public:
  BigTwoTask(const State& state, TaskOptions o) : state_(state), o_(std::move(o)) {}

  core::Report Run(core::SearchControl& control, core::ProgressSink& sink) override {
    scores_.assign(o_.moves.size(), MoveScore{});
    for (size_t i = 0; i < o_.moves.size(); ++i) scores_[i].move = o_.moves[i];
    core::StopReason reason = RunFull(control, sink);
    if (depth_ == 0 && reason != core::StopReason::kError &&
        reason != core::StopReason::kCancelled && reason != core::StopReason::kShutdown) {
      fallback_ = BaselineChoice();
    }
    core::Report r = MakeReport(control);
    r.final = true;
    r.stop_reason = reason;
    return r;
  }

 private:
  // Iterative deepening to the depth limit on the known layout; a report after each depth.
  core::StopReason RunFull(core::SearchControl& control, core::ProgressSink& sink) {
    PlayerOptions p = o_.player;
    for (int d = 1; d <= o_.player.depth; ++d) {
      p.depth = d;
      std::vector<MoveScore> scores = scores_;
      for (MoveScore& s : scores) s = MoveScore{{}, s.move};
      if (!ScoreLayout(state_, p, control, scores, &nodes_)) return control.reason();
      scores_ = scores;
      depth_ = d;
      sink.OnProgress(MakeReport(control));
    }
    return core::StopReason::kCompleted;
  }

  // Stopped before any move was scored: the rule-based player's choice, so that BestMove names a
  // move.
  std::optional<Move> BaselineChoice() const {
    uint64_t nodes = 0;
    return ChooseMove(state_, PlayerOptions{}, 0, &nodes);
  }

  core::Report MakeReport(const core::SearchControl& control) const {
    core::Report r;
    const Variant v = state_.rules().variant;
    std::vector<size_t> order(scores_.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return scores_[a].Mean() > scores_[b].Mean(); });
    for (size_t i : order) {
      const MoveScore& s = scores_[i];
      if (s.n == 0) continue;
      core::MoveValue mv;
      mv.move = FormatPlay(s.move, v);
      mv.value = s.Mean();
      mv.depth = depth_;
      mv.bound = core::Bound::kEstimate;
      mv.display = absl::StrFormat("%+.1f", mv.value);
      r.moves.push_back(std::move(mv));
    }
    if (r.moves.empty() && fallback_.has_value()) {
      core::MoveValue mv;
      mv.move = FormatPlay(*fallback_, v);
      mv.bound = core::Bound::kEstimate;
      mv.display = "not searched: the rule-based player's choice";
      r.moves.push_back(std::move(mv));
      r.message = "stopped before any move was scored; the move is the rule-based player's";
    }
    if (!r.moves.empty()) r.best_move = r.moves.front().move;
    r.depth = depth_;
    r.nodes = nodes_;
    r.elapsed_seconds = control.ElapsedSeconds();
    return r;
  }

  State state_;
  TaskOptions o_;
  std::vector<MoveScore> scores_;
  std::optional<Move> fallback_;  // see BaselineChoice
  uint64_t nodes_ = 0;
  int depth_ = 0;
};

}  // namespace

absl::StatusOr<std::unique_ptr<core::SearchTask>> PrepareBigTwoSearch(
    const BigTwoState& bs, const core::SearchSpec& spec) {
  absl::StatusOr<SearchOptions> options = SearchOptionSet().Parse(spec.options, "options");
  if (!options.ok()) return options.status();
  const State& s = bs.state();
  if (s.IsTerminal()) {
    return absl::InvalidArgumentError(absl::StrCat("position: the game is over (", bs.Outcome(),
                                                   "); there is no move to search"));
  }
  if (!s.Known(s.CurrentPlayer())) {
    return absl::InvalidArgumentError(
        absl::StrCat("position: seat ", s.CurrentPlayer() + 1,
                     " is to move and its hand is hidden; analyse from the seat to move"));
  }
  TaskOptions o;
  absl::StatusOr<Hands> fixed = ParseFixedCards(s, spec.fixed, "fixed");
  if (!fixed.ok()) return fixed.status();
  if (!spec.fixed.empty()) {
    if (!bs.hidden()) return core::NoFixedCards(spec, "every hand is known");
    absl::StatusOr<Sampler> sampler = Sampler::Make(s, *fixed, "fixed");
    if (!sampler.ok()) return sampler.status();
    core::Rng rng = core::Rng::ForStream(spec.seed, 0);
    Hands hidden;
    if (!sampler->Sample(rng, &hidden)) {
      return NoLayoutWithTheFixedCards();
    }
  }
  o.player.algorithm =
      options->algorithm == AlgorithmChoice::kMaxn ? Algorithm::kMaxn : Algorithm::kParanoid;
  o.player.leaf = options->leaf == LeafChoice::kEval ? Leaf::kEval : Leaf::kRollout;
  if (bs.hidden()) {
    o.player.depth = spec.limits.depth > 0 ? spec.limits.depth : 1;
  } else {
    if (spec.limits.samples != 0) {
      return absl::InvalidArgumentError(
          "limits.samples: every hand is known, nothing to sample; leave it 0 (or name "
          "the seat whose view it is)");
    }
    o.player.algorithm =
        options->algorithm == AlgorithmChoice::kParanoid ? Algorithm::kParanoid : Algorithm::kMaxn;
    o.player.depth = spec.limits.depth > 0 ? spec.limits.depth : 6;
  }
  if (o.player.depth > 40) {
    return absl::InvalidArgumentError(
        absl::StrCat("limits.depth: at most 40 plies for Big Two, got ", spec.limits.depth));
  }
  Move moves[kMaxMoves];
  const int count = s.GenerateMoves(moves);
  std::vector<Move> all(moves, moves + count);
  std::sort(all.begin(), all.end(), PlayLess);
  absl::StatusOr<std::vector<Move>> candidates = core::CandidateMoves(
      spec.limits, all,
      [&](const std::string& text, const std::string& field) { return ParseMove(text, s, field); },
      "play");
  if (!candidates.ok()) return candidates.status();
  o.moves = *std::move(candidates);
  core::ReportFrame frame{core::ValueUnit::kGamePoints, "points"};
  frame.target.depth = o.player.depth;
  if (!bs.hidden()) {
    auto task = std::make_unique<BigTwoTask>(s, std::move(o));
    task->frame = frame;
    return task;
  }
  search::MonteCarloConfig config =
      search::MonteCarloConfigOf(options->monte_carlo, spec, kDefaultSamples, kBatch);
  config.margin = 1;  // the race's indifference: a point
  auto task = std::make_unique<search::MonteCarloTask<PlayLayouts>>(
      [s, f = *fixed, player = o.player, moves = std::move(o.moves), seed = spec.seed] {
        return PlayLayouts::Make(s, f, player, moves, seed);
      },
      config);
  task->frame.unit = frame.unit;
  task->frame.objective = frame.objective;
  task->frame.target.depth = frame.target.depth;
  return task;
}

}  // namespace kibitzer::bigtwo
