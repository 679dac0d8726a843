#include "engine/games/bridge/view/monte_carlo.h"

#include <algorithm>
#include <stdexcept>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/games/bridge/dd/dd_table.h"

namespace kibitzer::bridge {

CardLayouts::Worker::Worker(const MonteCarloOptions& o)
    : solver(DoubleDummySolver::Options{o.table_megabytes}) {
  if (o.objective == Objective::kImps) {
    table_solver =
        std::make_unique<DoubleDummySolver>(DoubleDummySolver::Options{o.table_megabytes});
  }
}

CardLayouts::CardLayouts(SeatView view, std::unique_ptr<dealer::Script> script,
                         LayoutSampler sampler, ResultModel model, MonteCarloOptions options)
    : view_(std::move(view)),
      script_(std::move(script)),
      sampler_(std::move(sampler)),
      model_(model),
      options_(std::move(options)) {
  for (int card : options_.candidates) candidate_mask_ |= uint64_t{1} << card;
}

void CardLayouts::Fill(int tricks, int32_t par, double* out) const {
  out[kTricks] = tricks;
  out[kSuccess] = model_.MoverSucceeds(tricks) ? 1 : 0;
  out[kScore] = model_.MoverScore(tricks);
  out[kImps] = options_.objective == Objective::kImps ? Imps(model_.MoverScore(tricks) - par) : 0;
  const Channel objective = options_.objective == Objective::kTricks  ? kTricks
                            : options_.objective == Objective::kMake  ? kSuccess
                            : options_.objective == Objective::kScore ? kScore
                                                                      : kImps;
  out[kObjective] = out[objective];
}

std::optional<uint64_t> CardLayouts::Solve(Worker& w, uint64_t sample, const uint8_t* alive,
                                           core::SearchControl& control, double* values) const {
  core::Rng rng = core::Rng::ForStream(options_.seed, sample);
  Hands start;
  int64_t rejected = 0;
  const bool drawn = sampler_.Sample(rng, start, &rejected);
  rejected_ += rejected;
  if (!drawn) {
    throw std::runtime_error(
        absl::StrCat("constraints: no layout satisfying them was found in ", rejected, " draws"));
  }
  uint64_t mask = 0;
  for (size_t i = 0; i < options_.candidates.size(); ++i) {
    if (alive[i]) mask |= uint64_t{1} << options_.candidates[i];
  }
  // Entries of other layouts only crowd the table: each layout starts afresh, and its search
  // depends on nothing else, so its nodes are the same at any thread count.
  w.solver.ClearTable();
  w.solver.ResetNodes();
  const auto solved =
      w.solver.SolveCards(PositionOn(view_, start), &control, mask, model_.TricksToSucceed());
  if (w.solver.aborted()) {
    if (sample == 0) {
      std::lock_guard<std::mutex> lock(first_mu_);
      first_partial_ = solved;
    }
    return std::nullopt;
  }
  uint64_t nodes = w.solver.nodes();
  int32_t par = 0;
  if (w.table_solver) {
    w.table_solver->ResetNodes();
    const DdTable table = SolveTable(*w.table_solver, start, &control);
    if (w.table_solver->aborted()) return std::nullopt;
    const Par p = DealerPar(table, view_.dealer.value_or(kNorth), view_.vulnerability);
    par = IsNorthSouth(view_.now.ToMove()) ? p.score : -p.score;
    nodes += w.table_solver->nodes();
  }
  // Both lists are in suit order, highest rank first.
  size_t i = 0;
  for (const auto& [card, tricks] : solved) {
    while (options_.candidates[i] != card) ++i;
    Fill(tricks, par, values + i * kChannels);
  }
  return nodes;
}

void CardLayouts::Describe(const search::MonteCarloMove& move, core::MoveValue& mv) const {
  const core::RunningMean* c = move.channels;
  mv.move = CardName(options_.candidates[static_cast<size_t>(move.index)]);
  mv.display = absl::StrFormat("%.2f tricks ±%.2f", c[kTricks].Mean(), c[kTricks].StdError());
  if (model_.contract && !model_.contract->passed_out()) {
    absl::StrAppendFormat(&mv.display, ", %s %.1f%% ±%.1f, score %+.0f ±%.0f",
                          model_.mover_declares ? "makes" : "defeats", 100 * c[kSuccess].Mean(),
                          100 * c[kSuccess].StdError(), c[kScore].Mean(), c[kScore].StdError());
  }
  if (move.raced_out) {
    absl::StrAppend(&mv.display, "; raced out after ", c[kObjective].n, " layouts");
  }
  mv.metrics = {{"mean_tricks", c[kTricks].Mean(), "tricks the side to move takes from here",
                 core::ValueUnit::kTricks},
                {"mean_tricks_se", c[kTricks].StdError(), "standard error of mean_tricks",
                 core::ValueUnit::kTricks}};
  if (model_.contract) {
    mv.metrics.push_back({"success", c[kSuccess].Mean(),
                          model_.mover_declares ? "probability of making the contract"
                                                : "probability of defeating the contract",
                          core::ValueUnit::kProbability});
    mv.metrics.push_back({"success_se", c[kSuccess].StdError(), "standard error of success",
                          core::ValueUnit::kProbability});
    mv.metrics.push_back({"score", c[kScore].Mean(), "expected duplicate score, side to move",
                          core::ValueUnit::kScore});
    mv.metrics.push_back(
        {"score_se", c[kScore].StdError(), "standard error of score", core::ValueUnit::kScore});
  }
  if (options_.objective == Objective::kImps) {
    mv.metrics.push_back({"imps", c[kImps].Mean(), "expected IMPs against the double-dummy par",
                          core::ValueUnit::kImps});
    mv.metrics.push_back(
        {"imps_se", c[kImps].StdError(), "standard error of imps", core::ValueUnit::kImps});
  }
}

void CardLayouts::AddStatistics(core::Report& report) const {
  report.statistics.push_back({"rejected", static_cast<double>(rejected_.load()),
                               "layouts drawn and rejected by the constraints"});
  report.statistics.push_back(
      {"layouts", sampler_.layouts(), "layouts consistent with the seat's knowledge (at most)"});
}

void CardLayouts::EarlyAnswer(core::Report& report, const core::SearchControl& control) const {
  // Layout 0, drawn again from its stream (the workers are done).
  core::Rng rng = core::Rng::ForStream(options_.seed, 0);
  Hands layout;
  int64_t rejected = 0;
  if (!sampler_.Sample(rng, layout, &rejected)) return;
  std::vector<std::pair<int, int>> solved;
  {
    std::lock_guard<std::mutex> lock(first_mu_);
    solved = first_partial_;
  }
  if (solved.empty()) {
    // A small search of its own (the search's token has stopped), bounded by nodes: no more than
    // the search's own node limit.
    constexpr uint64_t kBudget = 200'000;
    const uint64_t node_limit = control.limits().nodes;
    core::StopToken token;
    core::Limits limits;
    limits.nodes = node_limit != 0 ? std::min(kBudget, node_limit) : kBudget;
    core::SearchControl own(limits, &token);
    DoubleDummySolver solver(DoubleDummySolver::Options{options_.table_megabytes});
    solved = solver.SolveCards(PositionOn(view_, layout), &own, candidate_mask_);
    report.nodes += solver.nodes();
  }
  if (solved.empty()) return;
  // One sample of the cards valued; IMPs would need the layout's par, so the score stands in.
  const bool imps = options_.objective == Objective::kImps;
  std::vector<std::pair<double, core::MoveValue>> ranked;
  for (const auto& [card, tricks] : solved) {
    double v[kChannels];
    Fill(tricks, 0, v);
    core::MoveValue mv;
    mv.move = CardName(card);
    mv.value = imps ? v[kScore] : v[kObjective];
    mv.bound = core::Bound::kEstimate;
    mv.display = absl::StrCat("first layout only: ", tricks, tricks == 1 ? " trick" : " tricks");
    if (model_.contract && !model_.contract->passed_out()) {
      const bool success = v[kSuccess] > 0;
      absl::StrAppend(&mv.display, ", ", success ? "" : "does not ",
                      model_.mover_declares ? "make" : "defeat", success ? "s" : "",
                      " the contract, score ", absl::StrFormat("%+.0f", v[kScore]));
    }
    mv.metrics = {{"mean_tricks", static_cast<double>(tricks),
                   "tricks the side to move takes on the first layout", core::ValueUnit::kTricks}};
    ranked.emplace_back(v[kTricks], std::move(mv));
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
    if (a.second.value != b.second.value) return a.second.value > b.second.value;
    return a.first > b.first;
  });
  for (auto& [tricks, mv] : ranked) report.moves.push_back(std::move(mv));
  absl::StrAppend(&report.message, "; the cards shown (", solved.size(), " of ",
                  options_.candidates.size(), ") are valued on the first layout only",
                  imps ? ", by its score (no par)" : "");
}

}  // namespace kibitzer::bridge
