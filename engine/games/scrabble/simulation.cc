#include "engine/games/scrabble/simulation.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/games/scrabble/leave.h"
#include "engine/games/scrabble/players.h"

namespace kibitzer::scrabble {

absl::StatusOr<std::unique_ptr<Simulation>> Simulation::Make(
    const Position& view, std::vector<Move> candidates, int plies, uint64_t seed,
    const std::vector<std::string>& fixed) {
  std::unique_ptr<Simulation> s(new Simulation(view, std::move(candidates), plies, seed));
  s->view_.StopRecording();
  absl::StatusOr<RackSampler> sampler = RackSampler::Make(s->view_, s->view_.to_move(), fixed);
  if (!sampler.ok()) return sampler.status();
  s->sampler_.emplace(*std::move(sampler));
  return s;
}

std::unique_ptr<Simulation::Worker> Simulation::MakeWorker() const {
  auto w =
      std::unique_ptr<Worker>(new Worker{MoveGenerator(view_.kwg()), {}, Rack{}, {}, view_, view_});
  w->moves.reserve(4096);
  return w;
}

std::optional<uint64_t> Simulation::Solve(Worker& w, uint64_t sample, const uint8_t* alive,
                                          core::SearchControl& control, double* values) const {
  core::Rng rng = core::Rng::ForStream(seed_, sample);
  sampler_->Draw(rng, &w.rack, &w.bag);
  const int me = view_.to_move(), other = 1 - me;
  w.layout = view_;
  w.layout.SetRack(other, w.rack);
  (void)w.layout.SetBag(w.bag, "bag");  // the unseen tiles less the rack: exactly the bag
  const int start = w.layout.score(me) - w.layout.score(other);
  uint64_t nodes = 0;
  for (size_t c = 0; c < candidates_.size(); ++c) {
    if (!alive[c]) continue;
    w.play = w.layout;
    w.play.Apply(candidates_[c]);
    for (int ply = 0; ply < plies_ && !w.play.over(); ++ply) {
      GenerateAll(w.play, w.gen, &w.moves);
      nodes += w.moves.size();
      w.play.Apply(w.moves[BestIndex(w.play, w.moves, false)]);
    }
    double spread = w.play.score(me) - w.play.score(other);
    if (!w.play.over()) {
      spread += LeaveValue(w.play.side(me).rack, w.play.bag_size()) -
                LeaveValue(w.play.side(other).rack, w.play.bag_size());
    }
    double* v = values + c * kChannels;
    v[kSpread] = spread - start;
    v[kWin] = spread > 0 ? 1 : spread == 0 ? 0.5 : 0;
    if (control.Poll(nodes)) return std::nullopt;  // each candidate is hundreds of plays
  }
  return nodes;
}

void Simulation::Describe(const search::MonteCarloMove& move, core::MoveValue& mv) const {
  const Move& m = candidates_[static_cast<size_t>(move.index)];
  mv.move = view_.Format(m);
  mv.depth = plies_ + 1;
  const double win = move.channels[kWin].Mean();
  mv.metrics = {{"score", static_cast<double>(m.score), "points the play scores"},
                {"equity", Equity(view_, m), "score plus leave (static)"},
                {"spread", mv.value, "mean change in the spread at the horizon"},
                {"win", win, "share of layouts ahead at the horizon"}};
  mv.display = absl::StrFormat("spread %+.1f ±%.1f, wins %.0f%%, %d points", mv.value, mv.std_error,
                               100 * win, m.score);
  if (move.raced_out) absl::StrAppend(&mv.display, "; raced out after ", mv.samples, " layouts");
}

void Simulation::EarlyAnswer(core::Report& report, const core::SearchControl&) const {
  if (candidates_.empty()) return;
  core::MoveValue mv;
  mv.move = view_.Format(candidates_[0]);
  mv.value = Equity(view_, candidates_[0]);
  mv.bound = core::Bound::kEstimate;
  mv.display = "not simulated: the static player's choice";
  report.moves.push_back(std::move(mv));
  absl::StrAppend(&report.message, "; the move is the static player's");
}

}  // namespace kibitzer::scrabble
