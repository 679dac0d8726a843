// Analysis of a tarok play position: every legal card scored, exactly when every card is known,
// by Monte Carlo over sampled layouts (each solved exactly, or by the seed's depth-limited search)
// from a seat's view.
#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/core/running_mean.h"
#include "engine/core/sample_batches.h"
#include "engine/games/tarok/parallel_solve.h"
#include "engine/games/tarok/players.h"
#include "engine/games/tarok/sampler.h"
#include "engine/games/tarok/solver.h"
#include "engine/games/tarok/tarok_game.h"

namespace kibitzer::tarok {
namespace {

constexpr int kDefaultSamples = 20;
constexpr int kDefaultSeedDepth = 9;
constexpr int kDefaultHorizonDepth = 6;

struct TaskOptions {
  bool seed_player = false;  // the seed's depth-limited search instead of exact solving
  bool horizon = false;      // Solver::HorizonSearch to `depth` instead of exact solving
  int depth = kDefaultSeedDepth;
  std::vector<int> cards;  // root cards searched
  uint64_t samples = 0;    // 0: full layout
  uint64_t seed = 0;
  int threads = 1;
  int table_log2 = 20;
  std::array<Mask, kPlayers> fixed{};  // cards fixed to hidden hands in every layout
};

using Score = core::RunningMean;

class TarokTask final : public core::SearchTask {
 public:
  TarokTask(const Round& round, TaskOptions o) : round_(round), o_(std::move(o)) {}

  // Sampled: a solver's table per thread; a full layout: one table (the threads share it).
  size_t TableBytes() const override {
    const size_t tables = o_.samples != 0 ? static_cast<size_t>(std::max(1, o_.threads)) : 1;
    return tables * SolverTable::Bytes(o_.table_log2);
  }

  core::Report Run(core::SearchControl& control, core::ProgressSink& sink) override {
    scores_.assign(o_.cards.size(), Score{});
    const core::StopReason reason =
        o_.samples == 0 ? RunFull(control, sink) : RunSampled(control, sink);
    core::Report r = MakeReport(control);
    r.final = true;
    r.stop_reason = reason;
    if (reason == core::StopReason::kError) r.message = error_;
    return r;
  }

 private:
  // Each root card's value on one layout; false when stopped.
  // `*stopped_at` (optional) gets the card whose solve was stopped.
  bool ScoreLayout(const PlayState& s, Solver& solver, core::SearchControl& control,
                   std::vector<double>& out, core::ProgressSink* sink,
                   size_t* stopped_at = nullptr) {
    solver.SetControl(&control);
    const int mover = s.ToMove();
    if (o_.seed_player || o_.horizon) {
      const std::vector<CardValue> all = o_.seed_player ? solver.SeedSearch(s, mover, o_.depth)
                                                        : solver.HorizonSearch(s, mover, o_.depth);
      if (solver.stopped()) return false;
      for (size_t i = 0; i < o_.cards.size(); ++i) {
        for (const CardValue& cv : all) {
          if (cv.card != o_.cards[i]) continue;
          // The seed's evaluation is the mover's already; the horizon's is the solver's.
          out[i] = o_.seed_player ? cv.value : ValueForMover(s, mover, cv.value);
        }
      }
      return true;
    }
    for (size_t i = 0; i < o_.cards.size(); ++i) {
      PlayState child = s;
      child.Play(o_.cards[i]);
      const int v = solver.Solve(child, mover);
      if (solver.stopped()) {
        if (stopped_at != nullptr) *stopped_at = i;
        return false;
      }
      out[i] = ValueForMover(s, mover, v);
      if (sink != nullptr) {
        scores_[i] = Score{out[i], out[i] * out[i], 1};
        nodes_ = solver.nodes();
        sink->OnProgress(MakeReport(control));
      }
    }
    return true;
  }

  core::StopReason RunFull(core::SearchControl& control, core::ProgressSink& sink) {
    exact_ = !o_.seed_player;
    const size_t moves = o_.cards.size();
    const int threads = static_cast<int>(std::min<size_t>(static_cast<size_t>(o_.threads), moves));
    const PlayState& s = round_.play();
    const int mover = s.ToMove();
    if (exact_) {
      // Until a card is solved, the rules of thumb's estimate stands for it (see Pending).
      pending_.assign(moves, Pending{});
      const Contract c = s.contract();
      for (size_t i = 0; i < moves; ++i) {
        PlayState child = s;
        child.Play(o_.cards[i]);
        pending_[i].estimate = ValueForMover(s, mover, RolloutValue(child, mover));
        SetBounds(i, {0, IsBeggar(c) || IsValat(c) ? 1 : 70}, false);
      }
    }
    if (o_.seed_player || threads <= 1) {
      Solver solver(o_.table_log2);
      std::vector<double> values(moves);
      size_t stopped_at = moves;
      const bool ok = ScoreLayout(s, solver, control, values, &sink, &stopped_at);
      nodes_ = solver.nodes();
      if (!ok) {
        if (exact_ && stopped_at < moves) SetBounds(stopped_at, solver.proven(), true);
        return control.reason();
      }
      for (size_t i = 0; i < values.size(); ++i) scores_[i] = Score{values[i], 0, 1};
      return core::StopReason::kCompleted;
    }
    // The cards over the threads, which share one table (parallel_solve.h).
    SolverTable table(o_.table_log2);
    const ParallelSolveResult result = SolveCardsInParallel(
        s, o_.cards, mover, threads, table, control, [&](size_t i, int value, uint64_t nodes) {
          scores_[i] = Score{ValueForMover(s, mover, value), 0, 1};
          nodes_ = nodes;
          sink.OnProgress(MakeReport(control));
        });
    nodes_ = result.nodes;
    for (size_t i = 0; i < moves; ++i) {
      if (result.stopped[i].has_value()) SetBounds(i, *result.stopped[i], true);
    }
    return result.reason;
  }

  // Bounds on a card's value (the solver's), from the mover's view; `proven` by a stopped solve.
  void SetBounds(size_t i, Solver::Bounds b, bool proven) {
    const PlayState& s = round_.play();
    const double a = ValueForMover(s, s.ToMove(), b.lower);
    const double c = ValueForMover(s, s.ToMove(), b.upper);
    pending_[i].lower = std::min(a, c);
    pending_[i].upper = std::max(a, c);
    pending_[i].proven = proven;
  }

  // Samples over threads, added in sample order (core::RunSampleBatches).
  core::StopReason RunSampled(core::SearchControl& control, core::ProgressSink& sink) {
    absl::StatusOr<Sampler> sampler = Sampler::Make(round_, o_.fixed, "fixed");
    if (!sampler.ok()) {
      error_ = std::string(sampler.status().message());
      return core::StopReason::kError;
    }
    const size_t moves = o_.cards.size();
    const int threads = std::max(1, o_.threads);
    const uint64_t batch = static_cast<uint64_t>(threads);
    std::vector<double> values(batch * moves);
    std::vector<uint64_t> nodes(static_cast<size_t>(threads));
    std::vector<std::unique_ptr<Solver>> solvers;
    for (int t = 0; t < threads; ++t) solvers.push_back(std::make_unique<Solver>(o_.table_log2));
    const core::StopReason reason = core::RunSampleBatches(
        o_.samples, threads, batch, control,
        [&](int t, uint64_t sample, uint64_t slot,
            core::SearchControl& c) -> std::optional<uint64_t> {
          core::Rng rng = core::Rng::ForStream(o_.seed, sample);
          Layout layout;
          if (!sampler->Sample(rng, &layout)) return std::nullopt;
          Solver& solver = *solvers[static_cast<size_t>(t)];
          solver.Clear();
          solver.ResetNodes();
          std::vector<double> one(moves);
          const bool ok = ScoreLayout(sampler->Complete(layout), solver, c, one, nullptr);
          nodes[static_cast<size_t>(t)] += solver.nodes();
          if (!ok) return std::nullopt;
          std::copy(one.begin(), one.end(), values.begin() + static_cast<long>(slot * moves));
          return solver.nodes();
        },
        [&] {
          nodes_ = 0;
          for (uint64_t n : nodes) nodes_ += n;
        },
        [&](uint64_t sample, uint64_t slot) {
          for (size_t m = 0; m < moves; ++m) {
            scores_[m].Add(values[slot * moves + m]);
          }
          samples_ = sample + 1;
          if (samples_ < o_.samples) sink.OnProgress(MakeReport(control));
        });
    // Solving fails only when stopped, so a sample left undone without a stop was not drawn.
    if (reason == core::StopReason::kError) {
      error_ = std::string(NoLayoutWithTheFixedCards().message());
    }
    if (samples_ == 0 && !o_.seed_player && reason != core::StopReason::kError) {
      // Stopped before a single layout was searched: the rules of thumb played out on the same
      // layouts (microseconds each) still score every card, so that BestMove names one.
      for (uint64_t i = 0; i < o_.samples; ++i) {
        core::Rng rng = core::Rng::ForStream(o_.seed, i);
        Layout layout;
        if (!sampler->Sample(rng, &layout)) break;
        const PlayState s = sampler->Complete(layout);
        for (size_t m = 0; m < moves; ++m) {
          PlayState child = s;
          child.Play(o_.cards[m]);
          scores_[m].Add(ValueForMover(s, s.ToMove(), RolloutValue(child, s.ToMove())));
        }
        rolled_out_ = true;
      }
    }
    return reason;
  }

  // With every card known, what stands for a card not solved (yet): once some card is solved,
  // its proven lower bound (so that a solved card ranks above it unless it is proven better);
  // before that, the rules of thumb's estimate within its proven bounds.
  std::optional<core::MoveValue> Unsolved(size_t i, bool some_solved) const {
    if (!exact_ || o_.samples != 0 || i >= pending_.size()) return std::nullopt;
    const Pending& p = pending_[i];
    core::MoveValue mv;
    mv.move = CardName(o_.cards[i]);
    mv.value = some_solved ? p.lower : std::clamp(p.estimate, p.lower, p.upper);
    mv.bound = some_solved ? core::Bound::kLower : core::Bound::kEstimate;
    mv.display = absl::StrFormat("not solved: %s %.0f %s %.0f, rules of thumb %.0f",
                                 p.proven ? "proven" : "between", p.lower, p.proven ? "to" : "and",
                                 p.upper, p.estimate);
    mv.metrics = {{"lower", p.lower, "the least the card is worth, as proven so far"},
                  {"upper", p.upper, "the most the card is worth, as proven so far"},
                  {"estimate", p.estimate, "the rules of thumb's play from here"}};
    return mv;
  }

  core::Report MakeReport(const core::SearchControl& control) const {
    core::Report r;
    bool some_solved = false;
    for (const Score& s : scores_) some_solved = some_solved || s.n > 0;
    // Each card's standing: its value, solved cards first among equals.
    std::vector<std::pair<double, int>> key(scores_.size());
    std::vector<std::optional<core::MoveValue>> unsolved(scores_.size());
    for (size_t i = 0; i < scores_.size(); ++i) {
      if (scores_[i].n == 0) unsolved[i] = Unsolved(i, some_solved);
      key[i] = {unsolved[i].has_value() ? unsolved[i]->value : scores_[i].Mean(),
                scores_[i].n > 0 ? 1 : 0};
    }
    std::vector<size_t> order(scores_.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return key[a] > key[b]; });
    const Contract c = round_.contract();
    for (size_t i : order) {
      const Score& s = scores_[i];
      if (unsolved[i].has_value()) r.moves.push_back(*unsolved[i]);
      if (s.n == 0) continue;
      core::MoveValue mv;
      mv.move = CardName(o_.cards[i]);
      mv.value = s.Mean();
      mv.bound = exact_ ? core::Bound::kExact : core::Bound::kEstimate;
      mv.depth = o_.seed_player || o_.horizon ? o_.depth : 48;
      const bool yes_no = IsBeggar(c) || IsValat(c);
      if (o_.samples > 0) {
        mv.samples = s.n;
        mv.std_error = s.StdError();
        mv.display = yes_no && !o_.seed_player
                         ? absl::StrFormat("wins in %.0f%% of layouts", 100 * mv.value)
                         : absl::StrFormat("%+.1f ±%.1f", mv.value, mv.std_error);
        if (rolled_out_) {
          mv.depth = 0;
          absl::StrAppend(&mv.display, ", rules of thumb only (stopped before any search)");
        }
      } else if (o_.seed_player) {
        mv.display = absl::StrFormat("seed evaluation %+.0f", mv.value);
      } else if (yes_no) {
        mv.display = mv.value > 0.5 ? "wins the contract" : "loses the contract";
      } else if (c == Contract::kKlop) {
        mv.display = absl::StrFormat("takes %.0f card points", -mv.value);
      } else {
        mv.display = absl::StrFormat("%.0f card points for the mover's side", mv.value);
      }
      r.moves.push_back(std::move(mv));
    }
    if (!r.moves.empty()) r.best_move = r.moves.front().move;
    r.depth = rolled_out_ ? 0 : o_.seed_player || o_.horizon ? o_.depth : 48;
    r.nodes = nodes_;
    r.samples = samples_;
    r.elapsed_seconds = control.ElapsedSeconds();
    return r;
  }

  // A card of a full layout not solved (yet).
  struct Pending {
    double estimate = 0;  // the rules of thumb played out, mover's view
    double lower = 0;     // bounds on the value, mover's view
    double upper = 0;
    bool proven = false;  // the bounds come from a solve that was stopped
  };

  Round round_;
  TaskOptions o_;
  std::vector<Score> scores_;
  std::vector<Pending> pending_;  // full layout, exact: one per card
  bool exact_ = false;
  uint64_t nodes_ = 0;
  uint64_t samples_ = 0;
  bool rolled_out_ = false;  // the layouts only played out by the rules of thumb (RunSampled)
  std::string error_;        // why the search failed (StopReason::kError)
};

// The bidding and the talon exchange: each candidate bid, talon group or discard valued by the
// seat's mean score over games simulated on sampled hidden cards (the same layouts for every
// candidate), later decisions by the rules of thumb.
class AuctionTask final : public core::SearchTask {
 public:
  AuctionTask(const Round& round, std::vector<Move> moves, uint64_t samples, uint64_t seed,
              const std::array<Mask, kPlayers>& fixed)
      : round_(round), moves_(std::move(moves)), samples_(samples), seed_(seed), fixed_(fixed) {}

  core::Report Run(core::SearchControl& control, core::ProgressSink& sink) override {
    scores_.assign(moves_.size(), Score{});
    absl::StatusOr<Sampler> sampler = Sampler::Make(round_, fixed_, "fixed");
    core::StopReason reason =
        sampler.ok() ? core::StopReason::kSampleLimit : core::StopReason::kError;
    for (uint64_t i = 0; i < samples_ && sampler.ok(); ++i) {
      if (control.Poll(done_ * moves_.size())) {
        reason = control.reason();
        break;
      }
      core::Rng rng = core::Rng::ForStream(seed_, i);
      Layout layout;
      if (!sampler->Sample(rng, &layout)) {
        reason = core::StopReason::kError;
        break;
      }
      for (size_t k = 0; k < moves_.size(); ++k) {
        scores_[k].Add(SimulateMove(round_, moves_[k], layout));
      }
      ++done_;
      if (done_ % 10 == 0 && done_ < samples_) sink.OnProgress(MakeReport(control));
    }
    core::Report r = MakeReport(control);
    r.final = true;
    r.stop_reason = reason;
    if (!sampler.ok()) {
      r.message = std::string(sampler.status().message());
    } else if (reason == core::StopReason::kError) {
      r.message = std::string(NoLayoutWithTheFixedCards().message());
    }
    return r;
  }

 private:
  core::Report MakeReport(const core::SearchControl& control) const {
    core::Report r;
    std::vector<size_t> order(moves_.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return scores_[a].sum > scores_[b].sum; });
    for (size_t i : order) {
      if (done_ == 0) break;
      core::MoveValue mv;
      mv.move = MoveText(moves_[i]);
      mv.value = scores_[i].Mean();
      mv.std_error = scores_[i].StdError();
      mv.samples = done_;
      mv.bound = core::Bound::kEstimate;
      mv.display = absl::StrFormat("mean score %+.1f ±%.1f", mv.value, mv.std_error);
      r.moves.push_back(std::move(mv));
    }
    if (!r.moves.empty()) r.best_move = r.moves.front().move;
    r.nodes = done_ * moves_.size();
    r.samples = done_;
    r.elapsed_seconds = control.ElapsedSeconds();
    r.statistics.push_back({"simulated_games", static_cast<double>(done_ * moves_.size()),
                            "games played out by the rules of thumb"});
    return r;
  }

  Round round_;
  std::vector<Move> moves_;
  uint64_t samples_;
  uint64_t seed_;
  std::array<Mask, kPlayers> fixed_;
  uint64_t done_ = 0;
  std::vector<Score> scores_;
};

// Whether the cards fixed to hidden hands fit what the seat knows (the first layout is drawn).
absl::Status CheckFixedCards(const Round& r, const std::array<Mask, kPlayers>& fixed,
                             uint64_t seed) {
  absl::StatusOr<Sampler> sampler = Sampler::Make(r, fixed, "fixed");
  if (!sampler.ok()) return sampler.status();
  core::Rng rng = core::Rng::ForStream(seed, 0);
  Layout layout;
  if (!sampler->Sample(rng, &layout)) {
    return NoLayoutWithTheFixedCards();
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::unique_ptr<core::SearchTask>> PrepareTarokSearch(const core::GameInfo& info,
                                                                     const TarokState& ts,
                                                                     const core::SearchSpec& spec) {
  absl::StatusOr<core::OptionValues> options =
      core::OptionValues::Parse(info.search_options, spec.options, "options");
  if (!options.ok()) return options.status();
  const Round& r = ts.round();
  if (r.phase() == Phase::kDone) {
    return absl::InvalidArgumentError(absl::StrCat("position: the game is over (", ts.Outcome(),
                                                   "); there is no move to search"));
  }
  const int mover = r.ToMove();
  if (!r.known(mover)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "position: player ", mover, " is to move and his hand is hidden; analyse from his seat"));
  }
  absl::StatusOr<std::array<Mask, kPlayers>> fixed = ParseFixedCards(spec.fixed, "fixed");
  if (!fixed.ok()) return fixed.status();
  if (!spec.fixed.empty()) {
    if (!ts.hidden()) return core::NoFixedCards(spec, "every card is known");
    if (absl::Status s = CheckFixedCards(r, *fixed, spec.seed); !s.ok()) return s;
  }
  if (r.phase() != Phase::kPlay) {
    if (spec.limits.depth > 0) {
      return absl::InvalidArgumentError(
          "limits.depth: the bidding and the talon are valued by simulated games, not a search "
          "to a depth");
    }
    std::vector<Move> moves;
    const std::vector<Move> legal = r.LegalMoves(Candidates(r, mover));
    if (spec.limits.candidate_moves.empty()) {
      moves = legal;
    } else {
      for (size_t i = 0; i < spec.limits.candidate_moves.size(); ++i) {
        const std::string field = absl::StrCat("limits.candidate_moves[", i, "]");
        absl::StatusOr<Move> m = ParseMove(spec.limits.candidate_moves[i], r, field);
        if (!m.ok()) return m.status();
        if (std::find(legal.begin(), legal.end(), *m) == legal.end()) {
          return absl::InvalidArgumentError(absl::StrCat(
              field, ": '", spec.limits.candidate_moves[i], "' is not a legal move now"));
        }
        if (std::find(moves.begin(), moves.end(), *m) == moves.end()) moves.push_back(*m);
      }
    }
    const uint64_t samples = spec.limits.samples != 0 ? spec.limits.samples : 50;
    return std::unique_ptr<core::SearchTask>(
        std::make_unique<AuctionTask>(r, std::move(moves), samples, spec.seed, *fixed));
  }
  TaskOptions o;
  o.fixed = *fixed;
  o.seed = spec.seed;
  o.threads = std::max(1, spec.threads);
  const std::string& algorithm = options->GetString("algorithm");
  o.seed_player = algorithm == "seed";
  // auto, from a seat's view: layouts too deep to solve in a few milliseconds (or any, with a
  // depth asked for) are searched to a horizon.
  o.horizon =
      algorithm == "auto" && ts.hidden() &&
      (spec.limits.depth > 0 || kTricks - r.play().TricksDone() > options->GetInt("exact_tricks"));
  if (o.horizon) o.depth = kDefaultHorizonDepth;
  if (spec.limits.depth > 0) {
    if (!o.seed_player && !o.horizon) {
      return absl::InvalidArgumentError(
          "limits.depth: the exact solver searches to the end; a depth limit needs "
          "options[algorithm]=seed, or auto from a seat's view");
    }
    if (spec.limits.depth > 48) {
      return absl::InvalidArgumentError(
          absl::StrCat("limits.depth: at most 48 plies, got ", spec.limits.depth));
    }
    o.depth = spec.limits.depth;
  }
  if (spec.hash_mb > 0) {
    // The largest table (2^log2 entries) that fits in hash_mb.
    int log2 = 10;
    while (log2 < 26 && (uint64_t{sizeof(TableEntry)} << (log2 + 1)) <= uint64_t(spec.hash_mb)
                                                                            << 20) {
      ++log2;
    }
    o.table_log2 = log2;
  }
  if (spec.hash_mb == 0 && !ts.hidden() && !o.seed_player && o.threads > 1) {
    // The threads share one table: by default as large as one table per thread would be, up
    // to 2^23 entries (384 MiB).
    o.table_log2 =
        std::min(23, o.table_log2 + static_cast<int>(std::bit_width(unsigned(o.threads - 1))));
  }
  if (ts.hidden()) {
    o.samples = spec.limits.samples != 0 ? spec.limits.samples : kDefaultSamples;
  } else if (spec.limits.samples != 0) {
    return absl::InvalidArgumentError(
        "limits.samples: every card is known, nothing to sample; leave it 0 (or use "
        "options[view]=seat)");
  }
  const Mask legal = r.play().Legal();
  if (spec.limits.candidate_moves.empty()) {
    for (Mask m = legal; m != 0; m &= m - 1) o.cards.push_back(Lowest(m));
  } else {
    for (size_t i = 0; i < spec.limits.candidate_moves.size(); ++i) {
      const std::string field = absl::StrCat("limits.candidate_moves[", i, "]");
      absl::StatusOr<int> c = ParseCard(spec.limits.candidate_moves[i], field);
      if (!c.ok()) return c.status();
      if (!(legal & Bit(*c))) {
        return absl::InvalidArgumentError(absl::StrCat(field, ": '", spec.limits.candidate_moves[i],
                                                       "' is not a legal card now"));
      }
      if (std::find(o.cards.begin(), o.cards.end(), *c) == o.cards.end()) o.cards.push_back(*c);
    }
  }
  return std::unique_ptr<core::SearchTask>(std::make_unique<TarokTask>(r, std::move(o)));
}

}  // namespace kibitzer::tarok
