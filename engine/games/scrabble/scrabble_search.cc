// Analysis of a Scrabble position: every legal move of the side to move, ranked by simulation
// (the default), static equity (score plus leave), score (the greedy player), the exact endgame
// (the default with the bag empty) or the pre-endgame (the default with 1..3 tiles in the bag).
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/core/candidates.h"
#include "engine/games/scrabble/endgame/endgame.h"
#include "engine/games/scrabble/endgame/peg.h"
#include "engine/games/scrabble/endgame/peg_task.h"
#include "engine/games/scrabble/players.h"
#include "engine/games/scrabble/scrabble_game.h"
#include "engine/games/scrabble/sim/inference.h"
#include "engine/games/scrabble/sim/simulation.h"
#include "engine/search/monte_carlo_task.h"

namespace kibitzer::scrabble {
namespace {

// The default layouts: 100 with every candidate valued on each (Analyze), 400 when racing
// (BestMove, or options[race]): the race drops the candidates shown behind, so a layout costs
// less, and the close ones left are told apart better (scrabble_sim_bench --infer: the regret
// against a 1,000-layout reference falls from 0.32 to 0.12 points a move).
constexpr uint64_t kDefaultIterations = 100;
constexpr uint64_t kRacingIterations = 400;
constexpr uint64_t kMaxPreEndgameLayouts = 1000;
constexpr uint64_t kBatch = 10;

struct Ranked {
  Move move;
  double leave = 0;
  double equity = 0;
};

class StaticTask final : public core::SearchTask {
 public:
  StaticTask(Position pos, std::vector<Move> moves, bool greedy, int top)
      : pos_(std::move(pos)), moves_(std::move(moves)), greedy_(greedy), top_(top) {}

  core::Report Run(core::SearchControl& control, core::ProgressSink& sink) override {
    std::vector<Ranked> ranked;
    ranked.reserve(moves_.size());
    for (const Move& m : moves_) {
      const double leave = LeaveOf(pos_, m);
      ranked.push_back(Ranked{m, leave, m.score + leave});
    }
    std::stable_sort(ranked.begin(), ranked.end(), [&](const Ranked& a, const Ranked& b) {
      return greedy_ ? a.move.score > b.move.score : a.equity > b.equity;
    });
    core::Report r;
    for (size_t i = 0; i < ranked.size() && static_cast<int>(i) < top_; ++i) {
      const Ranked& x = ranked[i];
      core::MoveValue mv;
      mv.move = pos_.Format(x.move);
      mv.value = greedy_ ? x.move.score : x.equity;
      mv.bound = greedy_ ? core::Bound::kExact : core::Bound::kEstimate;
      mv.depth = 1;
      mv.display =
          absl::StrFormat("%d points, leave %+.1f, equity %.1f", x.move.score, x.leave, x.equity);
      mv.metrics = {{"score", static_cast<double>(x.move.score), "points the play scores",
                     core::ValueUnit::kScore},
                    {"leave", x.leave, "the value of the tiles kept", core::ValueUnit::kEquity},
                    {"equity", x.equity, "score plus leave", core::ValueUnit::kEquity}};
      r.moves.push_back(std::move(mv));
    }
    if (!r.moves.empty()) r.best_move = r.moves.front().move;
    r.depth = 1;
    r.nodes = moves_.size();
    r.statistics = {{"plays", static_cast<double>(moves_.size()), "legal moves ranked"}};
    r.elapsed_seconds = control.ElapsedSeconds();
    sink.OnProgress(r);
    r.final = true;
    r.stop_reason = core::StopReason::kCompleted;
    return r;
  }

 private:
  Position pos_;
  std::vector<Move> moves_;
  bool greedy_;
  int top_;
};

// The endgame: every play's exact final spread, a report after each depth.
class EndgameTask final : public core::SearchTask {
 public:
  EndgameTask(Position pos, int depth, int table_log2, bool best_only)
      : pos_(std::move(pos)), depth_(depth), table_log2_(table_log2), best_only_(best_only) {}

  core::Report Run(core::SearchControl& control, core::ProgressSink& sink) override {
    EndgameSolver solver(pos_.kwg(), pos_.rules(), table_log2_);
    const EndgameResult r = solver.Solve(
        pos_, depth_, control,
        [&](const EndgameResult& d) { sink.OnProgress(MakeReport(d, control)); }, best_only_);
    core::Report report = MakeReport(r, control);
    // Each play's line of play, walked in the table (a play only bounded has none).
    for (size_t i = 0; i < r.plays.size() && i < report.moves.size(); ++i) {
      if (r.depth == 0 || r.plays[i].upper) continue;
      Position line = pos_;
      for (const Move& m : solver.Line(r.plays[i].move)) {
        report.moves[i].pv.push_back(line.Format(m));
        line.Apply(m);
      }
    }
    report.final = true;
    report.stop_reason = r.exact             ? core::StopReason::kCompleted
                         : control.stopped() ? control.reason()
                                             : core::StopReason::kDepthLimit;
    if (r.depth == 0) report.message = "stopped before the first depth: plays by score";
    return report;
  }
  size_t TableBytes() const override { return EndgameSolver::TableBytes(table_log2_); }

 private:
  core::Report MakeReport(const EndgameResult& r, const core::SearchControl& control) const {
    core::Report report;
    const int spread = pos_.score(pos_.to_move()) - pos_.score(1 - pos_.to_move());
    for (const EndgameResult::Play& p : r.plays) {
      core::MoveValue mv;
      mv.move = pos_.Format(p.move);
      mv.value = p.value;
      mv.bound = !r.exact  ? core::Bound::kEstimate
                 : p.upper ? core::Bound::kUpper
                           : core::Bound::kExact;
      mv.depth = r.depth;
      mv.metrics = {{"score", static_cast<double>(p.move.score), "points the play scores",
                     core::ValueUnit::kScore},
                    {"final_spread", static_cast<double>(spread + p.value),
                     "the side to move's final score minus the other's", core::ValueUnit::kSpread}};
      mv.display =
          absl::StrFormat("%s%+d to the end, final spread %+d%s", p.upper ? "at most " : "",
                          p.value, spread + p.value, r.exact ? "" : " (depth-limited)");
      report.moves.push_back(std::move(mv));
    }
    if (!report.moves.empty()) report.best_move = report.moves.front().move;
    report.depth = r.depth;
    report.nodes = r.nodes;
    report.elapsed_seconds = control.ElapsedSeconds();
    return report;
  }

  Position pos_;
  int depth_;
  int table_log2_;
  bool best_only_;
};

// The endgame table's size: 2^20 entries (32 MiB) unless hash_mb says.
int TableLog2(const core::SearchSpec& spec) {
  if (spec.hash_mb <= 0) return 20;
  int log2 = 10;
  while (log2 < 26 && EndgameSolver::TableBytes(log2 + 1) <= (size_t(spec.hash_mb) << 20)) ++log2;
  return log2;
}

// algorithm=peg: the plays that empty the bag (those named, or all by equity, best first).
absl::StatusOr<std::unique_ptr<core::SearchTask>> PreparePeg(const Position& pos,
                                                             const core::SearchSpec& spec,
                                                             const SearchOptions& options) {
  if (pos.bag_size() < 1 || pos.bag_size() > 2) {
    return absl::InvalidArgumentError(absl::StrCat(
        "options[algorithm]: peg needs 1 or 2 tiles in the bag; this position's bag holds ",
        pos.bag_size()));
  }
  if (spec.limits.samples != 0 || !spec.fixed.empty()) {
    return absl::InvalidArgumentError(
        "limits: peg solves every draw exactly; give no samples or fixed tiles");
  }
  std::vector<Move> plays = PegSolver::Plays(pos);
  if (!spec.limits.candidate_moves.empty()) {
    std::vector<Move> named;
    for (size_t i = 0; i < spec.limits.candidate_moves.size(); ++i) {
      const std::string field = absl::StrCat("limits.candidate_moves[", i, "]");
      absl::StatusOr<Move> m = pos.Parse(spec.limits.candidate_moves[i], field);
      if (!m.ok()) return m.status();
      if (const std::string why = pos.WhyIllegal(&*m); !why.empty()) {
        return absl::InvalidArgumentError(
            absl::StrCat(field, ": '", pos.Format(*m), "' is not legal: ", why));
      }
      if (m->kind != Move::kPlace || m->placed < pos.bag_size()) {
        return absl::InvalidArgumentError(
            absl::StrCat(field, ": '", pos.Format(*m),
                         "' leaves tiles in the bag; peg values the plays that ", "empty it"));
      }
      if (std::find(named.begin(), named.end(), *m) == named.end()) named.push_back(*m);
    }
    plays = std::move(named);
  } else {
    std::stable_sort(plays.begin(), plays.end(),
                     [&](const Move& a, const Move& b) { return Equity(pos, a) > Equity(pos, b); });
  }
  PegTaskOptions o;
  o.first_win = options.first_win;
  o.prune = spec.limits.candidate_moves.empty();
  // Thousands of small endgames: a table cleared for each must be small (2 MiB) unless asked.
  o.table_log2 = spec.hash_mb > 0 ? TableLog2(spec) : 16;
  auto task = MakePegTask(pos, std::move(plays), o);
  task->frame = {core::ValueUnit::kProbability, "win"};
  return task;
}

// The algorithm asked for, or by default the endgame once the bag is empty, the pre-endgame just
// before, else the simulation.
absl::StatusOr<SearchAlgorithm> ChooseAlgorithm(const Position& pos, const SearchOptions& options,
                                                bool endgame) {
  SearchAlgorithm algorithm = options.algorithm.value;
  if (!options.algorithm.given) {
    if (endgame) algorithm = SearchAlgorithm::kEndgame;
    if (pos.bag_size() >= 1 && pos.bag_size() <= kPreEndgameBag) {
      algorithm = SearchAlgorithm::kPreEndgame;
    }
  }
  if (algorithm == SearchAlgorithm::kPreEndgame &&
      (pos.bag_size() < 1 || pos.bag_size() > kPreEndgameBag)) {
    return absl::InvalidArgumentError(
        absl::StrCat("options[algorithm]: the pre-endgame needs 1 to ", kPreEndgameBag,
                     " tiles in the bag; this position's bag holds ", pos.bag_size()));
  }
  return algorithm;
}

// options[infer]: the other side's last play to infer its leave from, checked to be one.
absl::StatusOr<std::optional<LastPlay>> InferenceOf(const ScrabbleState& state,
                                                    const core::SearchSpec& spec,
                                                    SearchAlgorithm algorithm, bool asked) {
  if (!asked) return std::nullopt;
  const Position& pos = state.position();
  const std::optional<LastPlay>& last = state.last_play();
  std::string why;
  if (algorithm != SearchAlgorithm::kSim) {
    why = "is for algorithm=sim";
  } else if (!last.has_value()) {
    why = "needs the other side's last play: a GCG record, or Position.moves";
  } else if (last->before.to_move() == pos.to_move()) {
    why = "needs the last play to be the other side's";
  } else if (last->move.kind != Move::kPlace) {
    why = "reads a placement, not an exchange or a pass";
  } else if (pos.side(1 - pos.to_move()).known) {
    why = "has nothing to infer: the other rack is known (name the seat whose view it is)";
  } else if (!spec.fixed.empty()) {
    why = "does not go with fixed tiles";
  }
  if (!why.empty()) return absl::InvalidArgumentError(absl::StrCat("options[infer]: ", why));
  return last;
}

// algorithm=endgame: every play valued exactly, both racks known and the bag empty.
absl::StatusOr<std::unique_ptr<core::SearchTask>> PrepareEndgame(const Position& pos,
                                                                 const core::SearchSpec& spec,
                                                                 bool endgame) {
  if (!endgame) {
    return absl::InvalidArgumentError(
        "options[algorithm]: the endgame needs the bag empty and both racks known");
  }
  if (!spec.limits.candidate_moves.empty() || spec.limits.samples != 0 || !spec.fixed.empty()) {
    return absl::InvalidArgumentError(
        "limits: the endgame values every play exactly; give no candidate moves, samples or "
        "fixed tiles");
  }
  const int log2 = TableLog2(spec);
  const int depth = spec.limits.depth > 0 ? std::min(spec.limits.depth, 100) : 100;
  Position copy = pos;
  copy.StopRecording();
  auto task = std::make_unique<EndgameTask>(std::move(copy), depth, log2,
                                            spec.mode == core::SearchMode::kBestMove);
  task->frame = {core::ValueUnit::kSpread, "spread"};
  return task;
}

// The candidate moves the client named (each checked legal), else every legal move.
absl::StatusOr<std::vector<Move>> Candidates(const Position& pos, const core::SearchSpec& spec) {
  return core::CandidateMoves(
      spec.limits, AllMoves(pos),
      [&](const std::string& text, const std::string& field) -> absl::StatusOr<Move> {
        absl::StatusOr<Move> m = pos.Parse(text, field);
        if (!m.ok()) return m.status();
        if (const std::string why = pos.WhyIllegal(&*m); !why.empty()) {
          return absl::InvalidArgumentError(
              absl::StrCat(field, ": '", pos.Format(*m), "' is not legal: ", why));
        }
        return m;
      },
      "move");
}

// algorithm=static or greedy: each move by its equity or score, no sampling.
absl::StatusOr<std::unique_ptr<core::SearchTask>> PrepareStatic(const Position& pos,
                                                                const core::SearchSpec& spec,
                                                                const SearchOptions& options,
                                                                bool greedy) {
  if (spec.limits.samples != 0) {
    return absl::InvalidArgumentError(
        "limits.samples: static analysis samples nothing; leave it 0 (or algorithm=sim)");
  }
  if (absl::Status f = core::NoFixedCards(spec, "static analysis samples no racks"); !f.ok()) {
    return f;
  }
  absl::StatusOr<std::vector<Move>> moves = Candidates(pos, spec);
  if (!moves.ok()) return moves.status();
  auto task = std::make_unique<StaticTask>(pos, *std::move(moves), greedy, options.top);
  task->frame = greedy ? core::ReportFrame{core::ValueUnit::kScore, "score"}
                       : core::ReportFrame{core::ValueUnit::kEquity, "equity"};
  return task;
}

// How the simulation plays each candidate out: plies, objective and the late game's changes.
absl::StatusOr<Playout> PlayoutOf(const Position& pos, const SearchOptions& options) {
  Playout playout;
  playout.plies = options.plies;
  playout.objective = options.objective == RankBy::kWin ? Objective::kWin : Objective::kSpread;
  LateGame late;
  late.bag = options.late_bag.value;
  late.to_end = options.to_end;
  late.win = options.objective == RankBy::kLateWin;
  if (options.late_bag.given && !late.to_end && !late.win) {
    return absl::InvalidArgumentError(
        "options[late_bag]: acts only with objective=latewin or to_end=true");
  }
  late.Apply(pos.bag_size(), &playout);
  return playout;
}

// algorithm=sim or preendgame: the best candidates by equity simulated over sampled racks and
// bag orders (every bag order once in the pre-endgame, unless there are more than asked for).
absl::StatusOr<std::unique_ptr<core::SearchTask>> PrepareSimulation(const Position& pos,
                                                                    const core::SearchSpec& spec,
                                                                    const SearchOptions& options,
                                                                    bool pre_endgame,
                                                                    std::optional<LastPlay> infer) {
  absl::StatusOr<std::vector<Move>> moves = Candidates(pos, spec);
  if (!moves.ok()) return moves.status();
  std::vector<Move> candidates = *std::move(moves);
  std::stable_sort(candidates.begin(), candidates.end(),
                   [&](const Move& a, const Move& b) { return Equity(pos, a) > Equity(pos, b); });
  if (spec.limits.candidate_moves.empty()) {
    candidates.resize(std::min(candidates.size(), static_cast<size_t>(options.candidates)));
  }
  absl::StatusOr<Playout> playout = PlayoutOf(pos, options);
  if (!playout.ok()) return playout.status();
  // Checked now, so that bad fixed tiles are INVALID_ARGUMENT rather than a failed search.
  absl::StatusOr<RackSampler> sampler = RackSampler::Make(pos, pos.to_move(), spec.fixed);
  if (!sampler.ok()) return sampler.status();
  search::MonteCarloConfig config = search::MonteCarloConfigOf(
      options.monte_carlo, spec, pre_endgame ? kMaxPreEndgameLayouts : kDefaultIterations, kBatch);
  if (pre_endgame) {
    playout->kind = Playout::kEndgame;
    playout->endgame_nodes = static_cast<uint64_t>(options.endgame_nodes);
    playout->max_layouts = spec.limits.samples > 0 ? spec.limits.samples : kMaxPreEndgameLayouts;
    if (const uint64_t orders = sampler->Orders(playout->max_layouts); orders > 0) {
      config.samples = orders;
    }
  } else if (spec.limits.samples == 0 && config.race > 0) {
    config.samples = kRacingIterations;
  }
  config.margin = Simulation::Margin(playout->objective);  // the race's indifference
  InferenceOptions io;
  io.tolerance = static_cast<double>(options.infer_tolerance);
  io.trials = options.infer_trials;
  io.seed = spec.seed ^ 0x1F3A5C7E9B2D4F60ull;
  auto task = std::make_unique<search::MonteCarloTask<Simulation>>(
      [pos, candidates = std::move(candidates), playout = *playout, seed = spec.seed,
       fixed = spec.fixed, infer = std::move(infer), io] {
        // The inference runs here, on the search's thread: a thousand move generations.
        std::vector<Rack> leaves;
        if (infer) {
          MoveGenerator gen(pos.kwg());
          leaves =
              InferLeaves(infer->before, infer->move, pos.side(pos.to_move()).rack, io, gen).leaves;
        }
        return Simulation::Make(pos, candidates, playout, seed, fixed, std::move(leaves));
      },
      config);
  const bool win = playout->objective == Objective::kWin;
  task->frame.unit = win ? core::ValueUnit::kProbability : core::ValueUnit::kSpread;
  task->frame.objective = win ? "win" : "spread";
  return task;
}

}  // namespace

absl::StatusOr<std::unique_ptr<core::SearchTask>> PrepareScrabbleSearch(
    const ScrabbleState& state, const core::SearchSpec& spec) {
  absl::StatusOr<SearchOptions> options = SearchOptionSet().Parse(spec.options, "options");
  if (!options.ok()) return options.status();
  const Position& pos = state.position();
  if (pos.over()) {
    return absl::InvalidArgumentError(absl::StrCat("position: the game is over (", pos.Outcome(),
                                                   "); there is no move to search"));
  }
  if (!pos.side(pos.to_move()).known) {
    return absl::InvalidArgumentError(
        absl::StrCat("position: seat ", SeatName(pos.to_move()),
                     " is to move and its rack is not known; give it in the CGP, or the tiles it "
                     "drew as +TILES after its last move"));
  }
  const bool endgame = pos.bag_size() == 0 && pos.side(0).known && pos.side(1).known;
  absl::StatusOr<SearchAlgorithm> algorithm = ChooseAlgorithm(pos, *options, endgame);
  if (!algorithm.ok()) return algorithm.status();
  absl::StatusOr<std::optional<LastPlay>> infer =
      InferenceOf(state, spec, *algorithm, options->infer);
  if (!infer.ok()) return infer.status();
  switch (*algorithm) {
    case SearchAlgorithm::kPeg:
      return PreparePeg(pos, spec, *options);
    case SearchAlgorithm::kEndgame:
      return PrepareEndgame(pos, spec, endgame);
    case SearchAlgorithm::kSim:
    case SearchAlgorithm::kPreEndgame:
      return PrepareSimulation(pos, spec, *options, *algorithm == SearchAlgorithm::kPreEndgame,
                               *std::move(infer));
    default:
      return PrepareStatic(pos, spec, *options, *algorithm == SearchAlgorithm::kGreedy);
  }
}

}  // namespace kibitzer::scrabble
