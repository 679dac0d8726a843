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
#include "engine/core/candidates.h"
#include "engine/core/running_mean.h"
#include "engine/games/tarok/players/players.h"
#include "engine/games/tarok/solver/parallel_solve.h"
#include "engine/games/tarok/solver/solver.h"
#include "engine/games/tarok/tarok_game.h"
#include "engine/games/tarok/view/monte_carlo.h"
#include "engine/games/tarok/view/sampler.h"
#include "engine/search/monte_carlo_task.h"

namespace kibitzer::tarok {
namespace {

constexpr int kDefaultSamples = 20;
constexpr int kDefaultHorizonDepth = 6;

constexpr uint64_t kPlayBatch = 4;      // sampled layouts between reports and decisions
constexpr uint64_t kAuctionBatch = 10;  // in the bidding and the talon
constexpr uint64_t kDefaultAuctionSamples = 50;

struct TaskOptions {
  CardSearch how;
  std::vector<int> cards;  // root cards searched
  int threads = 1;
};

using Score = core::RunningMean;

// A play position with every card known: each card solved exactly (the threads share one
// table) or by the seed's depth-limited search.
class TarokTask final : public core::SearchTask {
 public:
  TarokTask(const Round& round, TaskOptions o) : round_(round), o_(std::move(o)) {}

  size_t TableBytes() const override { return SolverTable::Bytes(o_.how.table_log2); }
  int Threads() const override {
    return o_.how.seed_player ? 1 : static_cast<int>(std::min<size_t>(o_.threads, o_.cards.size()));
  }

  core::Report Run(core::SearchControl& control, core::ProgressSink& sink) override {
    scores_.assign(o_.cards.size(), Score{});
    const core::StopReason reason = RunFull(control, sink);
    core::Report r = MakeReport(control);
    r.final = true;
    r.stop_reason = reason;
    return r;
  }

 private:
  core::StopReason RunFull(core::SearchControl& control, core::ProgressSink& sink) {
    exact_ = !o_.how.seed_player;
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
    if (o_.how.seed_player || threads <= 1) {
      Solver solver(o_.how.table_log2);
      std::vector<double> values(moves);
      size_t stopped_at = moves;
      const bool ok = ScoreCards(s, solver, control, o_.how, o_.cards, nullptr, values.data(), 1,
                                 &stopped_at, [&](size_t i) {
                                   // Exact solves report card by card.
                                   scores_[i] = Score{values[i], values[i] * values[i], 1};
                                   nodes_ = solver.nodes();
                                   sink.OnProgress(MakeReport(control));
                                 });
      nodes_ = solver.nodes();
      if (!ok) {
        if (exact_ && stopped_at < moves) SetBounds(stopped_at, solver.proven(), true);
        return control.reason();
      }
      for (size_t i = 0; i < values.size(); ++i) scores_[i] = Score{values[i], 0, 1};
      if (exact_) FindLines(solver, control);
      return core::StopReason::kCompleted;
    }
    // The cards over the threads, which share one table (parallel_solve.h).
    SolverTable table(o_.how.table_log2);
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
    if (result.reason == core::StopReason::kCompleted) {
      Solver solver(&table);
      FindLines(solver, control);
    }
    return result.reason;
  }

  // Every card's line of play, once all are solved, with the search's table. Its nodes are not
  // the search's.
  void FindLines(Solver& solver, core::SearchControl& control) {
    const uint64_t before = solver.nodes();
    solver.SetControl(&control);
    const PlayState& s = round_.play();
    const int mover = s.ToMove();
    lines_.assign(o_.cards.size(), {});
    for (size_t i = 0; i < o_.cards.size() && !solver.stopped(); ++i) {
      lines_[i] = Line(s, o_.cards[i], mover, solver);
    }
    line_nodes_ = solver.nodes() - before;
  }

  // The line that starts with `card`: at each turn the first legal card (in card order) whose
  // position keeps the value, to the end of the play. A stop cuts it short.
  static std::vector<std::string> Line(const PlayState& s, int card, int perspective,
                                       Solver& solver) {
    PlayState at = s;
    at.Play(card);
    const int value = solver.Solve(at, perspective);
    std::vector<std::string> line = {CardName(card)};
    while (!at.IsOver() && !solver.stopped()) {
      bool kept = false;
      for (Mask m = at.Legal(); m != 0 && !kept; m &= m - 1) {
        if (!solver.Keeps(at, Lowest(m), perspective, value) || solver.stopped()) continue;
        line.push_back(CardName(Lowest(m)));
        at.Play(Lowest(m));
        kept = true;
      }
      if (!kept) break;
    }
    return line;
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

  // With every card known, what stands for a card not solved (yet): once some card is solved,
  // its proven lower bound (so that a solved card ranks above it unless it is proven better);
  // before that, the rules of thumb's estimate within its proven bounds.
  std::optional<core::MoveValue> Unsolved(size_t i, bool some_solved) const {
    if (!exact_ || i >= pending_.size()) return std::nullopt;
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
      mv.depth = o_.how.seed_player || o_.how.horizon ? o_.how.depth : 48;
      if (i < lines_.size()) mv.pv = lines_[i];
      const bool yes_no = IsBeggar(c) || IsValat(c);
      if (o_.how.seed_player) {
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
    r.depth = o_.how.seed_player || o_.how.horizon ? o_.how.depth : 48;
    r.nodes = nodes_;
    r.elapsed_seconds = control.ElapsedSeconds();
    if (line_nodes_ > 0) {
      r.statistics.push_back(
          {"pv_nodes", static_cast<double>(line_nodes_), "nodes spent finding the lines of play"});
    }
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
  std::vector<std::vector<std::string>> lines_;  // by card, once every card is solved
  uint64_t line_nodes_ = 0;
};

// Whether the cards fixed to hidden hands fit what the seat knows (the first layout is drawn).
absl::Status CheckFixedCards(const Round& r, const std::array<Mask, kMaxPlayers>& fixed,
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

namespace {

// What a card's value is in: won or lost for the beggars and valats, card points otherwise, the
// seed's evaluation for its own search.
core::ReportFrame PlayFrame(const Round& r, bool seed_player) {
  if (seed_player) return {core::ValueUnit::kHeuristic, "seed"};
  if (IsBeggar(r.contract()) || IsValat(r.contract())) {
    return {core::ValueUnit::kProbability, "contract"};
  }
  return {core::ValueUnit::kCardPoints, "card_points"};
}

// The bidding and the talon: each bid, group or discard valued by games played out on sampled
// layouts.
absl::StatusOr<std::unique_ptr<core::SearchTask>> PrepareAuction(
    const Round& r, const core::SearchSpec& spec, const SearchOptions& options,
    const std::array<Mask, kMaxPlayers>& fixed) {
  if (spec.limits.depth > 0) {
    return absl::InvalidArgumentError(
        "limits.depth: the bidding and the talon are valued by simulated games, not a search "
        "to a depth");
  }
  absl::StatusOr<std::vector<Move>> candidates = core::CandidateMoves(
      spec.limits, r.LegalMoves(Candidates(r, r.ToMove())),
      [&](const std::string& text, const std::string& field) { return ParseMove(text, r, field); },
      "move");
  if (!candidates.ok()) return candidates.status();
  search::MonteCarloConfig config =
      search::MonteCarloConfigOf(options.monte_carlo, spec, kDefaultAuctionSamples, kAuctionBatch);
  config.margin = 5;  // the race's indifference: five points of the seat's score
  auto task = std::make_unique<search::MonteCarloTask<AuctionLayouts>>(
      [r, f = fixed, moves = *std::move(candidates),
       seed = spec.seed]() -> absl::StatusOr<std::unique_ptr<AuctionLayouts>> {
        absl::StatusOr<Sampler> sampler = Sampler::Make(r, f, "fixed");
        if (!sampler.ok()) return sampler.status();
        return std::make_unique<AuctionLayouts>(r, *std::move(sampler), moves, seed);
      },
      config);
  task->frame.unit = core::ValueUnit::kGamePoints;
  task->frame.objective = "score";
  return task;
}

// How each layout's cards are valued: exact, to a horizon (auto, from a seat's view, with more
// than exact_tricks left or a depth asked for) or by the seed's search; and the table's size.
absl::StatusOr<CardSearch> CardSearchOf(const TarokState& ts, const core::SearchSpec& spec,
                                        const SearchOptions& options, int threads) {
  const Round& r = ts.round();
  CardSearch how;
  how.seed_player = options.algorithm == Algorithm::kSeed;
  how.horizon =
      options.algorithm == Algorithm::kAuto && ts.hidden() &&
      (spec.limits.depth > 0 || r.play().Tricks() - r.play().TricksDone() > options.exact_tricks);
  if (how.horizon) how.depth = kDefaultHorizonDepth;
  if (spec.limits.depth > 0) {
    if (!how.seed_player && !how.horizon) {
      return absl::InvalidArgumentError(
          "limits.depth: the exact solver searches to the end; a depth limit needs "
          "options[algorithm]=seed, or auto from a seat's view");
    }
    if (spec.limits.depth > 48) {
      return absl::InvalidArgumentError(
          absl::StrCat("limits.depth: at most 48 plies, got ", spec.limits.depth));
    }
    how.depth = spec.limits.depth;
  }
  if (spec.hash_mb > 0) {
    // The largest table (2^log2 entries) that fits in hash_mb.
    int log2 = 10;
    while (log2 < 26 && (uint64_t{sizeof(TableEntry)} << (log2 + 1)) <= uint64_t(spec.hash_mb)
                                                                            << 20) {
      ++log2;
    }
    how.table_log2 = log2;
  } else if (!ts.hidden() && !how.seed_player && threads > 1) {
    // The threads share one table: by default as large as one table per thread would be, up
    // to 2^23 entries (384 MiB).
    how.table_log2 =
        std::min(23, how.table_log2 + static_cast<int>(std::bit_width(unsigned(threads - 1))));
  }
  return how;
}

// From a seat's view: each card valued over sampled layouts.
std::unique_ptr<core::SearchTask> PrepareLayouts(const Round& r, const core::SearchSpec& spec,
                                                 const SearchOptions& options,
                                                 const std::array<Mask, kMaxPlayers>& fixed,
                                                 const TaskOptions& o) {
  search::MonteCarloConfig config =
      search::MonteCarloConfigOf(options.monte_carlo, spec, kDefaultSamples, kPlayBatch);
  // The race's indifference: a card point (five of the seed's evaluation), or 5% of winning a
  // contract that is won or lost.
  config.margin = IsBeggar(r.contract()) || IsValat(r.contract()) ? 0.05
                  : o.how.seed_player                             ? 5
                                                                  : 1;
  auto task = std::make_unique<search::MonteCarloTask<PlayLayouts>>(
      [r, f = fixed, how = o.how, cards = o.cards, seed = spec.seed,
       samples = config.samples]() -> absl::StatusOr<std::unique_ptr<PlayLayouts>> {
        absl::StatusOr<Sampler> sampler = Sampler::Make(r, f, "fixed");
        if (!sampler.ok()) return sampler.status();
        return std::make_unique<PlayLayouts>(r, *std::move(sampler), how, cards, seed, samples);
      },
      config, SolverTable::Bytes(o.how.table_log2));
  const core::ReportFrame frame = PlayFrame(r, o.how.seed_player);
  task->frame.unit = frame.unit;
  task->frame.objective = frame.objective;
  return task;
}

// The card play: every card exact on a full layout, else over sampled layouts.
absl::StatusOr<std::unique_ptr<core::SearchTask>> PreparePlay(
    const TarokState& ts, const core::SearchSpec& spec, const SearchOptions& options,
    const std::array<Mask, kMaxPlayers>& fixed) {
  const Round& r = ts.round();
  TaskOptions o;
  o.threads = std::max(1, spec.threads);
  absl::StatusOr<CardSearch> how = CardSearchOf(ts, spec, options, o.threads);
  if (!how.ok()) return how.status();
  o.how = *how;
  if (!ts.hidden() && spec.limits.samples != 0) {
    return absl::InvalidArgumentError(
        "limits.samples: every card is known, nothing to sample; leave it 0 (or name "
        "the seat whose view it is)");
  }
  std::vector<int> legal;
  for (Mask m = r.play().Legal(); m != 0; m &= m - 1) legal.push_back(Lowest(m));
  absl::StatusOr<std::vector<int>> cards = core::CandidateMoves(
      spec.limits, legal,
      [](const std::string& text, const std::string& field) { return ParseCard(text, field); },
      "card");
  if (!cards.ok()) return cards.status();
  o.cards = *std::move(cards);
  if (ts.hidden()) return PrepareLayouts(r, spec, options, fixed, o);
  const core::ReportFrame frame = PlayFrame(r, o.how.seed_player);
  auto task = std::make_unique<TarokTask>(r, std::move(o));
  task->frame = frame;
  return task;
}

}  // namespace

absl::StatusOr<std::unique_ptr<core::SearchTask>> PrepareTarokSearch(const TarokState& ts,
                                                                     const core::SearchSpec& spec) {
  absl::StatusOr<SearchOptions> options = SearchOptionSet().Parse(spec.options, "options");
  if (!options.ok()) return options.status();
  const Round& r = ts.round();
  if (r.phase() == Phase::kDone) {
    return absl::InvalidArgumentError(absl::StrCat("position: the game is over (", ts.Outcome(),
                                                   "); there is no move to search"));
  }
  const int mover = r.ToMove();
  if (!r.known(mover)) {
    return absl::InvalidArgumentError(
        absl::StrCat("position: seat ", SeatName(mover),
                     " is to move and his hand is hidden; analyse from his seat"));
  }
  absl::StatusOr<std::array<Mask, kMaxPlayers>> fixed =
      ParseFixedCards(spec.fixed, r.players(), "fixed");
  if (!fixed.ok()) return fixed.status();
  if (!spec.fixed.empty()) {
    if (!ts.hidden()) return core::NoFixedCards(spec, "every card is known");
    if (absl::Status s = CheckFixedCards(r, *fixed, spec.seed); !s.ok()) return s;
  }
  if (r.phase() != Phase::kPlay) return PrepareAuction(r, spec, *options, *fixed);
  return PreparePlay(ts, spec, *options, *fixed);
}

}  // namespace kibitzer::tarok
