// Searches on bridge positions: double-dummy values of a full layout, Monte Carlo over sampled
// layouts for a seat's view.
#include <algorithm>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "engine/core/candidates.h"
#include "engine/core/quote.h"
#include "engine/games/bridge/bridge_game.h"
#include "engine/games/bridge/bridge_options.h"
#include "engine/games/bridge/dd/dd_solver.h"
#include "engine/games/bridge/view/monte_carlo.h"
#include "engine/search/monte_carlo_task.h"

namespace kibitzer::bridge {
namespace {

constexpr int kDefaultTableMb = 32;
constexpr int kDefaultMonteCarloTableMb = 32;
constexpr uint64_t kDefaultSamples = 200;
constexpr uint64_t kBatch = 5;  // samples between reports and decisions

class DoubleDummyTask final : public core::SearchTask {
 public:
  DoubleDummyTask(const PlayPosition& position, std::vector<std::vector<int>> groups, int table_mb)
      : position_(position), groups_(std::move(groups)), table_mb_(table_mb) {}

  size_t TableBytes() const override { return DoubleDummySolver::TableBytes(table_mb_); }

  core::Report Run(core::SearchControl& control, core::ProgressSink& sink) override {
    DoubleDummySolver solver(DoubleDummySolver::Options{table_mb_});
    core::Report report;
    control.SetHeartbeat([&](uint64_t nodes) {
      report.nodes = nodes;
      report.elapsed_seconds = control.ElapsedSeconds();
      sink.OnProgress(report);
    });
    std::vector<std::optional<int>> values(groups_.size());
    // When a limit stops the search: what the group being solved had proven by then.
    std::optional<DoubleDummySolver::Bounds> stopped;
    for (size_t g = 0; g < groups_.size(); ++g) {
      const int value = solver.SolveCard(position_, groups_[g].back(), &control);
      if (solver.aborted()) {
        stopped = solver.proven();
        break;
      }
      values[g] = value;
      report = MakeReport(values, std::nullopt, solver, control);
      sink.OnProgress(report);
    }
    control.SetHeartbeat(nullptr);
    if (stopped.has_value()) {
      report = MakeReport(values, stopped, solver, control);
    } else {
      // Every card solved: each group's line of play, with the table the values left.
      const uint64_t nodes = report.nodes;
      lines_.resize(groups_.size());
      for (size_t g = 0; g < groups_.size() && !control.stopped(); ++g) {
        lines_[g] = Line(solver, groups_[g].back(), *values[g], control);
      }
      report = MakeReport(values, std::nullopt, solver, control);
      report.statistics.push_back({"pv_nodes", static_cast<double>(solver.nodes() - nodes),
                                   "nodes spent finding the lines of play"});
      report.nodes = nodes;
    }
    report.final = true;
    report.stop_reason = stopped.has_value() ? control.reason() : core::StopReason::kCompleted;
    return report;
  }

 private:
  // The groups solved, best first (ties keep the suit and rank order the groups came in). After a
  // stop (`stopped`: the bounds proven for the first group not solved) every card is scored: one
  // not solved by the least it is proven to take, so that BestMove always names a card.
  core::Report MakeReport(const std::vector<std::optional<int>>& values,
                          std::optional<DoubleDummySolver::Bounds> stopped,
                          const DoubleDummySolver& solver,
                          const core::SearchControl& control) const {
    core::Report report;
    const int plies = position_.TricksLeft() * 4 - position_.table_count;
    // The groups are solved in order: the first one not solved is the one the stop cut short.
    const size_t solved = static_cast<size_t>(
        std::count_if(values.begin(), values.end(), [](const auto& v) { return v.has_value(); }));
    for (size_t g = 0; g < groups_.size(); ++g) {
      if (!values[g].has_value() && !stopped.has_value()) continue;
      const bool proven = g == solved;
      const DoubleDummySolver::Bounds b =
          proven ? *stopped : DoubleDummySolver::Bounds{0, position_.TricksLeft()};
      for (int card : groups_[g]) {
        core::MoveValue mv;
        mv.move = CardName(card);
        if (values[g].has_value()) {
          mv.value = *values[g];
          mv.bound = core::Bound::kExact;
          mv.depth = plies;
          if (g < lines_.size() && !lines_[g].empty()) {
            // The cards of a group are equivalent: this one's line is the group's with the two
            // exchanged.
            const std::string theirs = CardName(groups_[g].back()), mine = CardName(card);
            for (const std::string& c : lines_[g]) {
              mv.pv.push_back(c == theirs ? mine : c == mine ? theirs : c);
            }
          }
          mv.display = absl::StrCat(*values[g], *values[g] == 1 ? " trick" : " tricks");
        } else {
          mv.value = b.lower;
          mv.bound = core::Bound::kLower;
          mv.display = absl::StrCat("not solved: ", proven ? "proven " : "between ", b.lower,
                                    proven ? " to " : " and ", b.upper, " tricks");
          mv.metrics = {
              {"lower", static_cast<double>(b.lower), "the least the card takes, as proven"},
              {"upper", static_cast<double>(b.upper), "the most the card takes, as proven"}};
        }
        report.moves.push_back(std::move(mv));
      }
    }
    // Best first, a solved card before an unsolved one of the same value.
    std::stable_sort(report.moves.begin(), report.moves.end(), [](const auto& a, const auto& b) {
      return std::make_pair(a.value, a.bound == core::Bound::kExact) >
             std::make_pair(b.value, b.bound == core::Bound::kExact);
    });
    if (!report.moves.empty()) report.best_move = report.moves.front().move;
    report.depth = plies;
    report.nodes = solver.nodes();
    report.elapsed_seconds = control.ElapsedSeconds();
    report.statistics = {
        {"tt_probes", static_cast<double>(solver.table_probes()), "transposition table probes"},
        {"tt_hits", static_cast<double>(solver.table_hits()), "transposition table hits"}};
    return report;
  }

 private:
  // The principal variation that starts with `card` (worth `value` to the side to move): at each
  // turn the first card, highest group first, that keeps North-South's total, to the last trick.
  // A stop cuts it short.
  std::vector<std::string> Line(DoubleDummySolver& solver, int card, int value,
                                core::SearchControl& control) const {
    std::vector<std::string> line = {CardName(card)};
    PlayPosition p = position_;
    const int all = p.ns_tricks + p.ew_tricks + p.TricksLeft();
    const int ns_total = p.ns_tricks + (IsNorthSouth(p.ToMove()) ? value : p.TricksLeft() - value);
    p.Play(card);
    while (!p.Finished()) {
      const int target =
          IsNorthSouth(p.ToMove()) ? ns_total - p.ns_tricks : all - ns_total - p.ew_tricks;
      std::optional<int> chosen;
      // No card takes more than the position's value: one that reaches it keeps it.
      for (const std::vector<int>& group : DoubleDummySolver::CardGroups(p)) {
        const bool keeps = solver.CardReaches(p, group.back(), target, &control);
        if (solver.aborted()) return line;
        if (keeps) {
          chosen = group.back();
          break;
        }
      }
      if (!chosen.has_value()) return line;  // cannot be: some card keeps the value
      line.push_back(CardName(*chosen));
      p.Play(*chosen);
    }
    return line;
  }

  PlayPosition position_;
  std::vector<std::vector<int>> groups_;
  int table_mb_;
  std::vector<std::vector<std::string>> lines_;  // by group, once every group is solved
};

// The legal cards wanted: all, or those named in limits.candidate_moves.
absl::StatusOr<CardSet> Candidates(const core::SearchSpec& spec, CardSet legal) {
  std::vector<int> cards;
  for (int card : legal) cards.push_back(card);
  absl::StatusOr<std::vector<int>> wanted = core::CandidateMoves(
      spec.limits, cards,
      [](const std::string& text, const std::string& field) -> absl::StatusOr<int> {
        const std::optional<int> card = ParseCard(text);
        if (!card) {
          return absl::InvalidArgumentError(
              absl::StrCat(field, ": ", core::Quote(text), " is not a card (e.g. SK, H10)"));
        }
        return *card;
      },
      "card");
  if (!wanted.ok()) return wanted.status();
  CardSet out;
  for (int card : *wanted) out.Add(card);
  return out;
}

absl::StatusOr<std::unique_ptr<core::SearchTask>> PrepareDoubleDummy(const PlayPosition& position,
                                                                     const core::SearchSpec& spec) {
  if (spec.limits.samples != 0) {
    return absl::InvalidArgumentError(
        "limits.samples: a full layout needs no sampling; leave it 0 (or name the seat whose view "
        "it is)");
  }
  absl::StatusOr<CardSet> wanted = Candidates(spec, position.LegalCards());
  if (!wanted.ok()) return wanted.status();
  std::vector<std::vector<int>> groups;
  for (auto& group : DoubleDummySolver::CardGroups(position)) {
    std::vector<int> cards;
    for (int c : group) {
      if (wanted->Contains(c)) cards.push_back(c);
    }
    if (!cards.empty()) groups.push_back(std::move(cards));
  }
  return std::make_unique<DoubleDummyTask>(position, std::move(groups),
                                           spec.hash_mb > 0 ? spec.hash_mb : kDefaultTableMb);
}

// The unit and name of a Monte Carlo objective.
core::ReportFrame FrameOf(Objective o) {
  return o == Objective::kMake     ? core::ReportFrame{core::ValueUnit::kProbability, "make"}
         : o == Objective::kTricks ? core::ReportFrame{core::ValueUnit::kTricks, "tricks"}
         : o == Objective::kScore  ? core::ReportFrame{core::ValueUnit::kScore, "score"}
                                   : core::ReportFrame{core::ValueUnit::kImps, "imps"};
}

absl::StatusOr<std::unique_ptr<core::SearchTask>> PrepareMonteCarlo(const BridgeState& state,
                                                                    const core::SearchSpec& spec,
                                                                    const SearchOptions& options) {
  const SeatView& view = state.view();
  const int mover = view.now.ToMove();
  const std::string who(1, SeatChar(mover));
  if (!(view.known >> mover & 1)) {
    return absl::InvalidArgumentError(absl::StrCat("position: ", who, " is to play and ", who,
                                                   "'s hand is not known to this view"));
  }
  if (!state.seat().empty()) {
    const int seat = *ParseSeat(state.seat());
    const bool declares_for_dummy =
        view.declarer && seat == *view.declarer && mover == Partner(*view.declarer);
    if (seat != mover && !declares_for_dummy) {
      return absl::InvalidArgumentError(
          absl::StrCat("position.seat: the view is ", state.seat(), "'s but ", who, " is to play"));
    }
  }
  MonteCarloOptions mc;
  mc.objective = options.objective.value;
  if (!view.contract && mc.objective != Objective::kTricks) {
    if (options.objective.given) {
      return absl::InvalidArgumentError(absl::StrCat(
          "options[objective]: ", FrameOf(mc.objective).objective,
          " needs the contract (position options contract and declarer, or a record)"));
    }
    mc.objective = Objective::kTricks;
  }
  if (mc.objective == Objective::kImps && view.hand_size != 13) {
    return absl::InvalidArgumentError(
        "options[objective]: imps needs the par of the whole deal (13-card hands at the start)");
  }
  mc.config = search::MonteCarloConfigOf(options.monte_carlo, spec, kDefaultSamples, kBatch);
  // The race's indifference: 2% of make probability, a tenth of a trick (also between cards
  // equal on the objective), 10 points, a quarter of an IMP.
  mc.config.margin = mc.objective == Objective::kMake     ? 0.05
                     : mc.objective == Objective::kTricks ? 0.1
                     : mc.objective == Objective::kScore  ? 10
                                                          : 0.25;
  mc.config.tie_margin = 0.25;
  mc.table_megabytes = spec.hash_mb > 0 ? spec.hash_mb : kDefaultMonteCarloTableMb;
  mc.seed = spec.seed;
  absl::StatusOr<CardSet> wanted = Candidates(spec, view.now.LegalCards());
  if (!wanted.ok()) return wanted.status();
  for (int suit = 0; suit < 4; ++suit) {
    for (int rank = 14; rank >= 2; --rank) {
      if (wanted->Contains(MakeCard(suit, rank))) mc.candidates.push_back(MakeCard(suit, rank));
    }
  }
  absl::StatusOr<ViewProblem> problem =
      MakeViewProblem(view, spec.fixed, "fixed", options.constraints, "options[constraints]");
  if (!problem.ok()) return problem.status();
  ResultModel model;
  model.tricks_left = view.hand_size - static_cast<int>(view.moves.size()) / 4;
  model.contract = view.contract;
  if (view.declarer) {
    model.mover_declares = IsNorthSouth(mover) == IsNorthSouth(*view.declarer);
    model.declarer_tricks = IsNorthSouth(*view.declarer) ? view.now.ns_tricks : view.now.ew_tricks;
    model.vulnerable = IsVulnerable(view.vulnerability, *view.declarer);
  }
  // A table per worker; two with IMPs (the layout's par too).
  const size_t table_bytes = (mc.objective == Objective::kImps ? 2 : 1) *
                             DoubleDummySolver::TableBytes(mc.table_megabytes);
  const search::MonteCarloConfig config = mc.config;
  const core::ReportFrame frame = FrameOf(mc.objective);
  // The sampler is made when the search starts, on its own thread.
  auto shared = std::make_shared<ViewProblem>(*std::move(problem));
  auto task = std::make_unique<search::MonteCarloTask<CardLayouts>>(
      [shared, view, model, mc = std::move(mc)]() -> absl::StatusOr<std::unique_ptr<CardLayouts>> {
        absl::StatusOr<ViewSampler> vs = MakeViewSampler(std::move(*shared));
        if (!vs.ok()) return vs.status();
        return std::make_unique<CardLayouts>(view, std::move(vs->script), *std::move(vs->sampler),
                                             model, mc);
      },
      config, table_bytes);
  task->frame.unit = frame.unit;
  task->frame.objective = frame.objective;
  return task;
}

}  // namespace

absl::StatusOr<std::unique_ptr<core::SearchTask>> PrepareBridgeSearch(
    const BridgeState& state, const core::SearchSpec& spec) {
  absl::StatusOr<SearchOptions> options = SearchOptionSet().Parse(spec.options, "options");
  if (!options.ok()) return options.status();
  if (state.IsTerminal()) {
    return absl::InvalidArgumentError(
        "position: every card has been played; there is no card to search");
  }
  if (!state.hidden()) {
    if (absl::Status f = core::NoFixedCards(spec, "every card is known"); !f.ok()) return f;
    absl::StatusOr<std::unique_ptr<core::SearchTask>> task =
        PrepareDoubleDummy(state.position(), spec);
    if (task.ok()) (*task)->frame = {core::ValueUnit::kTricks, "tricks"};
    return task;
  }
  return PrepareMonteCarlo(state, spec, *options);
}

}  // namespace kibitzer::bridge
