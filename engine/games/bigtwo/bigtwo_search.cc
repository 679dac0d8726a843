// Analysis of a Big Two position: every legal play scored, by a depth-limited max^n or paranoid
// search when every hand is known, and by Monte Carlo over sampled layouts from a seat's view.
#include <algorithm>
#include <cmath>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/core/sample_batches.h"
#include "engine/games/bigtwo/bigtwo_game.h"
#include "engine/games/bigtwo/players.h"

namespace kibitzer::bigtwo {
namespace {

constexpr int kDefaultSamples = 100;
constexpr int kBatch = 10;

struct TaskOptions {
  PlayerOptions player;
  std::vector<Move> moves;  // root moves searched
  uint64_t samples = 0;     // 0: full layout
  uint64_t seed = 0;
  int threads = 1;
  Hands fixed{};  // cards fixed to hidden hands in every layout
};

class BigTwoTask final : public core::SearchTask {
 public:
  BigTwoTask(const State& state, TaskOptions o) : state_(state), o_(std::move(o)) {}

  core::Report Run(core::SearchControl& control, core::ProgressSink& sink) override {
    scores_.assign(o_.moves.size(), MoveScore{});
    for (size_t i = 0; i < o_.moves.size(); ++i) scores_[i].move = o_.moves[i];
    wins_.assign(o_.moves.size(), 0);
    core::StopReason reason = o_.samples == 0 ? RunFull(control, sink) : RunSampled(control, sink);
    if (depth_ == 0 && reason != core::StopReason::kError &&
        reason != core::StopReason::kCancelled && reason != core::StopReason::kShutdown) {
      fallback_ = BaselineChoice();
    }
    core::Report r = MakeReport(control);
    r.final = true;
    r.stop_reason = reason;
    if (reason == core::StopReason::kError) r.message = error_;
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

  // Samples in batches; within a batch, sample i of the batch goes to thread i mod threads and
  // its values land in its own slot, then the batch is added in sample order, so the numbers do
  // not depend on the thread count. A stop keeps the samples before the first unfinished one.
  core::StopReason RunSampled(core::SearchControl& control, core::ProgressSink& sink) {
    absl::StatusOr<Sampler> sampler = Sampler::Make(state_, o_.fixed, "fixed");
    if (!sampler.ok()) {
      error_ = std::string(sampler.status().message());
      return core::StopReason::kError;
    }
    const size_t moves = o_.moves.size();
    const int threads = std::max(1, o_.threads);
    const uint64_t batch = static_cast<uint64_t>(kBatch * threads);
    std::vector<double> values(batch * moves);
    std::vector<uint64_t> nodes(static_cast<size_t>(threads));
    const core::StopReason reason = core::RunSampleBatches(
        o_.samples, threads, batch, control,
        [&](int t, uint64_t sample, uint64_t slot,
            core::SearchControl& c) -> std::optional<uint64_t> {
          core::Rng rng = core::Rng::ForStream(o_.seed, sample);
          Hands hidden;
          if (!sampler->Sample(rng, &hidden)) return std::nullopt;
          std::vector<MoveScore> one(moves);
          for (size_t m = 0; m < moves; ++m) one[m].move = o_.moves[m];
          uint64_t sample_nodes = 0;
          const bool scored =
              ScoreLayout(state_.Completed(hidden), o_.player, c, one, &sample_nodes);
          nodes[static_cast<size_t>(t)] += sample_nodes;
          if (!scored) return std::nullopt;
          for (size_t m = 0; m < moves; ++m) values[slot * moves + m] = one[m].sum;
          return sample_nodes;
        },
        [&] {
          nodes_ = 0;
          for (uint64_t n : nodes) nodes_ += n;
        },
        [&](uint64_t sample, uint64_t slot) {
          for (size_t m = 0; m < moves; ++m) {
            const double v = values[slot * moves + m];
            scores_[m].Add(v);
            wins_[m] += v > 0;
          }
          samples_ = sample + 1;
          depth_ = o_.player.depth;
          if (samples_ % kBatch == 0 && samples_ < o_.samples) {
            sink.OnProgress(MakeReport(control));
          }
        });
    // Scoring fails only when stopped, so a sample left undone without a stop was not drawn.
    if (reason == core::StopReason::kError) {
      error_ = std::string(NoLayoutWithTheFixedCards().message());
    }
    return reason;
  }

  // Stopped before any move was scored: the rule-based player's choice, which looks at the
  // seat's own hand and the table only (on layout 0 from a seat's view), so that BestMove names a
  // move.
  std::optional<Move> BaselineChoice() const {
    State full = state_;
    if (o_.samples != 0) {
      absl::StatusOr<Sampler> sampler = Sampler::Make(state_, o_.fixed, "fixed");
      core::Rng rng = core::Rng::ForStream(o_.seed, 0);
      Hands hidden;
      if (!sampler.ok() || !sampler->Sample(rng, &hidden)) return std::nullopt;
      full = state_.Completed(hidden);
    }
    uint64_t nodes = 0;
    return ChooseMove(full, PlayerOptions{}, o_.seed, &nodes);
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
      if (o_.samples > 0) {
        mv.samples = s.n;
        mv.std_error = s.StdError();
        const double wins = wins_[i] / static_cast<double>(s.n);
        mv.metrics.push_back({"win", wins, "share of layouts the seat goes out first in"});
        mv.display =
            absl::StrFormat("wins %.0f%%, %+.1f ±%.1f", 100 * wins, mv.value, mv.std_error);
      } else {
        mv.display = absl::StrFormat("%+.1f", mv.value);
      }
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
    r.samples = samples_;
    r.elapsed_seconds = control.ElapsedSeconds();
    return r;
  }

  State state_;
  TaskOptions o_;
  std::vector<MoveScore> scores_;
  std::vector<int> wins_;
  std::string error_;             // why the search failed (StopReason::kError)
  std::optional<Move> fallback_;  // see BaselineChoice
  uint64_t nodes_ = 0;
  uint64_t samples_ = 0;
  int depth_ = 0;
};

}  // namespace

absl::StatusOr<std::unique_ptr<core::SearchTask>> PrepareBigTwoSearch(
    const core::GameInfo& info, const BigTwoState& bs, const core::SearchSpec& spec) {
  absl::StatusOr<core::OptionValues> options =
      core::OptionValues::Parse(info.search_options, spec.options, "options");
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
  o.fixed = *fixed;
  o.seed = spec.seed;
  o.threads = std::max(1, spec.threads);
  o.player.algorithm =
      options->GetString("algorithm") == "maxn" ? Algorithm::kMaxn : Algorithm::kParanoid;
  o.player.leaf = options->GetString("leaf") == "eval" ? Leaf::kEval : Leaf::kRollout;
  if (bs.hidden()) {
    o.samples = spec.limits.samples != 0 ? spec.limits.samples : kDefaultSamples;
    o.player.depth = spec.limits.depth > 0 ? spec.limits.depth : 1;
  } else {
    if (spec.limits.samples != 0) {
      return absl::InvalidArgumentError(
          "limits.samples: every hand is known, nothing to sample; leave it 0 (or use "
          "options[view]=seat)");
    }
    o.player.algorithm =
        options->GetString("algorithm") == "paranoid" ? Algorithm::kParanoid : Algorithm::kMaxn;
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
  if (spec.limits.candidate_moves.empty()) {
    o.moves = all;
  } else {
    for (size_t i = 0; i < spec.limits.candidate_moves.size(); ++i) {
      const std::string field = absl::StrCat("limits.candidate_moves[", i, "]");
      absl::StatusOr<Move> m = ParseMove(spec.limits.candidate_moves[i], s, field);
      if (!m.ok()) return m.status();
      if (std::find(all.begin(), all.end(), *m) == all.end()) {
        return absl::InvalidArgumentError(absl::StrCat(field, ": '", spec.limits.candidate_moves[i],
                                                       "' is not a legal play now"));
      }
      if (std::find(o.moves.begin(), o.moves.end(), *m) == o.moves.end()) o.moves.push_back(*m);
    }
  }
  return std::unique_ptr<core::SearchTask>(std::make_unique<BigTwoTask>(s, std::move(o)));
}

}  // namespace kibitzer::bigtwo
