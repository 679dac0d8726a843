#include "engine/games/bigtwo/view/monte_carlo.h"

#include <stdexcept>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/games/bigtwo/bigtwo_game.h"

namespace kibitzer::bigtwo {

absl::StatusOr<std::unique_ptr<PlayLayouts>> PlayLayouts::Make(const State& view,
                                                               const Hands& fixed,
                                                               PlayerOptions player,
                                                               std::vector<Move> moves,
                                                               uint64_t seed) {
  std::unique_ptr<PlayLayouts> p(new PlayLayouts(view, player, std::move(moves), seed));
  absl::StatusOr<Sampler> sampler = Sampler::Make(p->view_, fixed, "fixed");
  if (!sampler.ok()) return sampler.status();
  p->sampler_.emplace(*std::move(sampler));
  return p;
}

std::unique_ptr<PlayLayouts::Worker> PlayLayouts::MakeWorker() const {
  auto w = std::make_unique<Worker>();
  w->scores.reserve(moves_.size());
  w->index.reserve(moves_.size());
  return w;
}

std::optional<uint64_t> PlayLayouts::Solve(Worker& w, uint64_t sample, const uint8_t* alive,
                                           core::SearchControl& control, double* values) const {
  core::Rng rng = core::Rng::ForStream(seed_, sample);
  Hands hidden;
  if (!sampler_->Sample(rng, &hidden)) {
    throw std::runtime_error(std::string(NoLayoutWithTheFixedCards().message()));
  }
  w.scores.clear();
  w.index.clear();
  for (size_t m = 0; m < moves_.size(); ++m) {
    if (!alive[m]) continue;
    MoveScore s;
    s.move = moves_[m];
    w.scores.push_back(s);
    w.index.push_back(static_cast<int>(m));
  }
  uint64_t nodes = 0;
  if (!ScoreLayout(view_.Completed(hidden), player_, control, w.scores, &nodes)) {
    return std::nullopt;
  }
  for (size_t k = 0; k < w.scores.size(); ++k) {
    double* v = values + static_cast<size_t>(w.index[k]) * kChannels;
    v[kValue] = w.scores[k].sum;
    v[kWin] = w.scores[k].sum > 0 ? 1 : 0;
  }
  return nodes;
}

void PlayLayouts::Describe(const search::MonteCarloMove& move, core::MoveValue& mv) const {
  mv.move = FormatPlay(moves_[static_cast<size_t>(move.index)], view_.rules().variant);
  mv.depth = player_.depth;
  const double wins = move.channels[kWin].Mean();
  mv.metrics.push_back(
      {"win", wins, "share of layouts the seat goes out first in", core::ValueUnit::kProbability});
  mv.display = absl::StrFormat("wins %.0f%%, %+.1f ±%.1f", 100 * wins, mv.value, mv.std_error);
  if (move.raced_out) absl::StrAppend(&mv.display, "; raced out after ", mv.samples, " layouts");
}

void PlayLayouts::EarlyAnswer(core::Report& report, const core::SearchControl&) const {
  core::Rng rng = core::Rng::ForStream(seed_, 0);
  Hands hidden;
  if (!sampler_->Sample(rng, &hidden)) return;
  uint64_t nodes = 0;
  const Move choice = ChooseMove(view_.Completed(hidden), PlayerOptions{}, seed_, &nodes);
  core::MoveValue mv;
  mv.move = FormatPlay(choice, view_.rules().variant);
  mv.bound = core::Bound::kEstimate;
  mv.display = "not searched: the rule-based player's choice";
  report.moves.push_back(std::move(mv));
  report.depth = 0;
  absl::StrAppend(&report.message, "; the move is the rule-based player's");
}

}  // namespace kibitzer::bigtwo
