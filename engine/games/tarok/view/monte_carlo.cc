#include "engine/games/tarok/view/monte_carlo.h"

#include <algorithm>
#include <stdexcept>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/core/running_mean.h"
#include "engine/games/tarok/players/players.h"
#include "engine/games/tarok/tarok_game.h"

namespace kibitzer::tarok {
namespace {

// The layouts the rules of thumb value every card on when no search finished (EarlyAnswer).
constexpr uint64_t kMaxRolloutLayouts = 1000;

[[noreturn]] void NoLayout() {
  throw std::runtime_error(std::string(NoLayoutWithTheFixedCards().message()));
}

}  // namespace

bool ScoreCards(const PlayState& s, Solver& solver, core::SearchControl& control,
                const CardSearch& how, const std::vector<int>& cards, const uint8_t* alive,
                double* values, size_t stride, size_t* stopped_at,
                const std::function<void(size_t)>& on_card) {
  solver.SetControl(&control);
  const int mover = s.ToMove();
  if (how.seed_player || how.horizon) {
    const std::vector<CardValue> all = how.seed_player ? solver.SeedSearch(s, mover, how.depth)
                                                       : solver.HorizonSearch(s, mover, how.depth);
    if (solver.stopped()) return false;
    for (size_t i = 0; i < cards.size(); ++i) {
      if (alive != nullptr && !alive[i]) continue;
      for (const CardValue& cv : all) {
        if (cv.card != cards[i]) continue;
        // The seed's evaluation is the mover's already; the horizon's is the solver's.
        values[i * stride] = how.seed_player ? cv.value : ValueForMover(s, mover, cv.value);
      }
    }
    return true;
  }
  for (size_t i = 0; i < cards.size(); ++i) {
    if (alive != nullptr && !alive[i]) continue;
    PlayState child = s;
    child.Play(cards[i]);
    const int v = solver.Solve(child, mover);
    if (solver.stopped()) {
      if (stopped_at != nullptr) *stopped_at = i;
      return false;
    }
    values[i * stride] = ValueForMover(s, mover, v);
    if (on_card) on_card(i);
  }
  return true;
}

std::optional<uint64_t> PlayLayouts::Solve(Worker& w, uint64_t sample, const uint8_t* alive,
                                           core::SearchControl& control, double* values) const {
  core::Rng rng = core::Rng::ForStream(seed_, sample);
  Layout layout;
  if (!sampler_.Sample(rng, &layout)) NoLayout();
  w.solver.Clear();
  w.solver.ResetNodes();
  if (!ScoreCards(sampler_.Complete(layout), w.solver, control, how_, cards_, alive, values, 1)) {
    return std::nullopt;
  }
  return w.solver.nodes();
}

void PlayLayouts::Describe(const search::MonteCarloMove& move, core::MoveValue& mv) const {
  mv.move = CardName(cards_[static_cast<size_t>(move.index)]);
  mv.depth = Depth();
  const Contract c = round_.contract();
  mv.display = (IsBeggar(c) || IsValat(c)) && !how_.seed_player
                   ? absl::StrFormat("wins in %.0f%% of layouts", 100 * mv.value)
                   : absl::StrFormat("%+.1f ±%.1f", mv.value, mv.std_error);
  if (move.raced_out) absl::StrAppend(&mv.display, "; raced out after ", mv.samples, " layouts");
}

void PlayLayouts::AddStatistics(core::Report& report) const { report.depth = Depth(); }

void PlayLayouts::EarlyAnswer(core::Report& report, const core::SearchControl&) const {
  if (how_.seed_player) return;
  std::vector<core::RunningMean> scores(cards_.size());
  for (uint64_t i = 0; i < std::min(samples_, kMaxRolloutLayouts); ++i) {
    core::Rng rng = core::Rng::ForStream(seed_, i);
    Layout layout;
    if (!sampler_.Sample(rng, &layout)) break;
    const PlayState s = sampler_.Complete(layout);
    for (size_t m = 0; m < cards_.size(); ++m) {
      PlayState child = s;
      child.Play(cards_[m]);
      scores[m].Add(ValueForMover(s, s.ToMove(), RolloutValue(child, s.ToMove())));
    }
  }
  std::vector<size_t> order(cards_.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return scores[a].Mean() > scores[b].Mean(); });
  for (size_t i : order) {
    if (scores[i].n == 0) continue;
    core::MoveValue mv;
    mv.move = CardName(cards_[i]);
    mv.value = scores[i].Mean();
    mv.std_error = scores[i].StdError();
    mv.samples = scores[i].n;
    mv.bound = core::Bound::kEstimate;
    mv.display = absl::StrFormat("%+.1f ±%.1f, rules of thumb only (stopped before any search)",
                                 mv.value, mv.std_error);
    report.moves.push_back(std::move(mv));
  }
  report.depth = 0;
}

std::optional<uint64_t> AuctionLayouts::Solve(Worker&, uint64_t sample, const uint8_t* alive,
                                              core::SearchControl&, double* values) const {
  core::Rng rng = core::Rng::ForStream(seed_, sample);
  Layout layout;
  if (!sampler_.Sample(rng, &layout)) NoLayout();
  uint64_t games = 0;
  for (size_t k = 0; k < moves_.size(); ++k) {
    if (!alive[k]) continue;
    values[k] = SimulateMove(round_, moves_[k], layout);
    ++games;
  }
  return games;
}

void AuctionLayouts::Describe(const search::MonteCarloMove& move, core::MoveValue& mv) const {
  mv.move = MoveText(moves_[static_cast<size_t>(move.index)]);
  mv.display = absl::StrFormat("mean score %+.1f ±%.1f", mv.value, mv.std_error);
  if (move.raced_out) absl::StrAppend(&mv.display, "; raced out after ", mv.samples, " layouts");
}

void AuctionLayouts::AddStatistics(core::Report& report) const {
  report.statistics.push_back({"simulated_games", static_cast<double>(report.nodes),
                               "games played out by the rules of thumb"});
}

void AuctionLayouts::EarlyAnswer(core::Report& report, const core::SearchControl&) const {
  core::Rng rng = core::Rng::ForStream(seed_, 0);
  Layout layout;
  if (!sampler_.Sample(rng, &layout)) return;
  std::vector<std::pair<int, size_t>> scored;
  for (size_t k = 0; k < moves_.size(); ++k) {
    scored.emplace_back(SimulateMove(round_, moves_[k], layout), k);
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  for (const auto& [score, k] : scored) {
    core::MoveValue mv;
    mv.move = MoveText(moves_[k]);
    mv.value = score;
    mv.bound = core::Bound::kEstimate;
    mv.display = absl::StrFormat("score %+d on the first layout only", score);
    report.moves.push_back(std::move(mv));
  }
}

}  // namespace kibitzer::tarok
