#include "engine/games/scrabble/sim/simulation.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/games/scrabble/leaves/leave.h"
#include "engine/games/scrabble/players.h"

namespace kibitzer::scrabble {

absl::StatusOr<std::unique_ptr<Simulation>> Simulation::Make(const Position& view,
                                                             std::vector<Move> candidates,
                                                             Playout playout, uint64_t seed,
                                                             const std::vector<std::string>& fixed,
                                                             std::vector<Rack> leaves) {
  std::unique_ptr<Simulation> s(new Simulation(view, std::move(candidates), playout, seed));
  s->view_.StopRecording();
  absl::StatusOr<RackSampler> sampler = RackSampler::Make(s->view_, s->view_.to_move(), fixed);
  if (!sampler.ok()) return sampler.status();
  if (!leaves.empty()) {
    if (absl::Status st = sampler->SetLeaves(std::move(leaves), "infer"); !st.ok()) return st;
  }
  s->sampler_.emplace(*std::move(sampler));
  if (playout.kind == Playout::kEndgame) s->orders_ = s->sampler_->Orders(playout.max_layouts);
  return s;
}

std::unique_ptr<Simulation::Worker> Simulation::MakeWorker() const {
  auto w = std::unique_ptr<Worker>(new Worker{
      MoveGenerator(view_.kwg()), Rack{}, {}, view_, view_, {}, {}, {}, 0, {}, {}, {}, {}, {}, {}});
  if (playout_.kind == Playout::kMinimax) {
    w->stack.assign(static_cast<size_t>(playout_.plies + 2), view_);
    w->stack_moves.resize(static_cast<size_t>(playout_.plies + 1));
    for (auto& m : w->stack_moves) m.reserve(4096);
    w->line_moves.reserve(4096);
  }
  if (playout_.kind == Playout::kEndgame) {
    w->endgame = std::make_unique<EndgameSolver>(view_.kwg(), view_.rules(), 16);
  }
  return w;
}

double WinChance(double spread, int tiles_left) {
  if (tiles_left <= 0) return spread > 0 ? 1 : spread == 0 ? 0.5 : 0;
  const double sd = kSpreadSdPerTile * std::sqrt(static_cast<double>(tiles_left));
  return 0.5 * std::erfc(-spread / (sd * std::sqrt(2.0)));
}

void SeedCut(std::vector<Move>* moves, int x, int y) {
  const size_t n = std::min(moves->size(), static_cast<size_t>(x));
  std::partial_sort(moves->begin(), moves->begin() + static_cast<long>(n), moves->end(),
                    [](const Move& a, const Move& b) { return a.score > b.score; });
  moves->resize(n);
  while (!moves->empty() && moves->back().score < moves->front().score - y) moves->pop_back();
}

void Simulation::Play(Worker& w, const Move& m) const {
  const int seat = w.play.to_move();
  Rack leave = w.play.side(seat).rack;
  leave.RemoveAll(m.Used());
  w.leave[seat] = LeaveValue(view_.leaves(), leave, w.play.bag_size());
  w.play.Apply(m);
}

void Simulation::PlayStaticPlies(Worker& w, int plies, bool while_bag, uint64_t* nodes) const {
  for (int ply = 0; ply < plies && !w.play.over() && (!while_bag || w.play.bag_size() > 0); ++ply) {
    Play(w, w.best.Choose(w.play, w.gen, nodes));
  }
}

double Simulation::Horizon(Worker& w, int me) const {
  double spread = w.play.score(me) - w.play.score(1 - me);
  w.left = w.play.over() ? 0 : w.play.bag_size() + w.play.side(0).size + w.play.side(1).size;
  if (!w.play.over()) spread += w.leave[me] - w.leave[1 - me];
  return spread;
}

double Simulation::PlayToEnd(Worker& w, int me, core::SearchControl& control,
                             uint64_t* nodes) const {
  PlayStaticPlies(w, playout_.plies, true, nodes);
  if (w.play.over() || w.play.bag_size() > 0) return Horizon(w, me);
  core::Limits limits;
  limits.nodes = playout_.endgame_nodes;
  core::SearchControl local(limits, control.token());
  local.SetNodeLimitLocal(true);  // this endgame's limit stops this endgame only
  int depth = 0;
  bool exact = false;
  uint64_t solved = 0;
  const int value = w.endgame->BestValue(w.play, 100, local, &depth, &exact, &solved);
  *nodes += solved;
  if (depth == 0) return Horizon(w, me);
  const int spread = w.play.score(me) - w.play.score(1 - me);
  w.left = exact ? 0 : w.play.side(0).size + w.play.side(1).size;
  return spread + (w.play.to_move() == me ? value : -value);
}

double Simulation::BestScoreAfterEach(Worker& w, const Position& pos,
                                      const std::vector<Move>& moves, uint64_t* nodes) const {
  // The side to reply's best placement on each line of the board before the move; a move then
  // changes a few lines (Board::LinesChangedBy), and only those are generated again.
  const Rack& rack = pos.side(1 - pos.to_move()).rack;
  const Kwg& kwg = view_.kwg();
  w.board = pos.board();
  for (int i = 0; i < 2 * kDim; ++i) {
    w.line_moves.clear();
    w.gen.AppendPlacements(w.board, rack, 1u << i, &w.line_moves);
    *nodes += w.line_moves.size();
    int best = 0;  // the pass (or an exchange): no points, and the game goes on
    for (const Move& m : w.line_moves) best = std::max<int>(best, m.score);
    w.line_best[static_cast<size_t>(i)] = best;
  }
  double value = -1e9;
  for (const Move& m : moves) {
    w.board.Place(m, kwg, &w.saved);
    const uint32_t changed = w.board.LinesChangedBy(m);
    int reply = 0;
    for (int i = 0; i < 2 * kDim; ++i) {
      if (!((changed >> i) & 1)) reply = std::max(reply, w.line_best[static_cast<size_t>(i)]);
    }
    w.line_moves.clear();
    w.gen.AppendPlacements(w.board, rack, changed, &w.line_moves);
    *nodes += w.line_moves.size();
    for (const Move& r : w.line_moves) reply = std::max<int>(reply, r.score);
    w.board.Unplace(m, kwg, w.saved);
    value = std::max(value, static_cast<double>(m.score - reply));
  }
  return value;
}

bool Simulation::LastPlyByScore(const Position& pos, const Move& m) {
  // A placement leaving tiles in the bag ends nothing, and the reply (the bag still not empty,
  // the scoreless turns back to 0) can end nothing either: each gains its score alone.
  return m.kind == Move::kPlace && pos.bag_size() > m.placed && !pos.board().empty() &&
         pos.rules().scoreless_turns > 1;
}

double Simulation::Negamax(Worker& w, int depth, int plies, uint64_t* nodes) const {
  const Position& pos = w.stack[static_cast<size_t>(depth)];
  if (plies == 0 || pos.over()) return 0;
  std::vector<Move>& moves = w.stack_moves[static_cast<size_t>(depth)];
  GenerateAll(pos, w.gen, &moves);
  *nodes += moves.size();
  SeedCut(&moves, playout_.cut_x, playout_.cut_y);
  // Two plies left and every move here a placement that ends nothing: the reply's value is its
  // best score, found without playing each move out.
  if (plies == 2 && std::all_of(moves.begin(), moves.end(),
                                [&](const Move& m) { return LastPlyByScore(pos, m); })) {
    return BestScoreAfterEach(w, pos, moves, nodes);
  }
  const int me = pos.to_move(), other = 1 - me;
  double best = -1e9;
  Position& child = w.stack[static_cast<size_t>(depth) + 1];
  for (const Move& m : moves) {
    child = pos;
    child.Apply(m);
    const double gain = (child.score(me) - pos.score(me)) - (child.score(other) - pos.score(other));
    best = std::max(best, gain - Negamax(w, depth + 1, plies - 1, nodes));
  }
  return best;
}

std::optional<uint64_t> Simulation::Solve(Worker& w, uint64_t sample, const uint8_t* alive,
                                          core::SearchControl& control, double* values) const {
  if (orders_ > 0) {
    sampler_->DrawOrder(sample % orders_, &w.rack, &w.bag);
  } else {
    core::Rng rng = core::Rng::ForStream(seed_, sample);
    sampler_->Draw(rng, &w.rack, &w.bag);
  }
  const int me = view_.to_move(), other = 1 - me;
  w.layout = view_;
  w.layout.SetRack(other, w.rack);
  (void)w.layout.SetBag(w.bag, "bag");  // the unseen tiles less the rack: exactly the bag
  const int start = w.layout.score(me) - w.layout.score(other);
  // The layout's nodes: the moves generated, the endgames' nodes, and the generator's steps,
  // which make the count (and so a node limit) follow the time.
  uint64_t nodes = 0;
  const uint64_t steps = w.gen.steps();
  for (size_t c = 0; c < candidates_.size(); ++c) {
    if (!alive[c]) continue;
    double spread;
    if (playout_.kind == Playout::kMinimax) {
      Position& after = w.stack[0];
      after = w.layout;
      after.Apply(candidates_[c]);
      spread = after.score(me) - after.score(other) - Negamax(w, 0, playout_.plies, &nodes);
      w.left = after.over() ? 0 : after.bag_size() + after.side(0).size + after.side(1).size;
    } else {
      w.play = w.layout;
      w.leave = {0, 0};  // a side that does not move in the playout is valued as a fresh rack
      Play(w, candidates_[c]);
      if (playout_.kind == Playout::kEndgame) {
        spread = PlayToEnd(w, me, control, &nodes);
      } else {
        PlayStaticPlies(w, playout_.plies, false, &nodes);
        spread = Horizon(w, me);
      }
    }
    double* v = values + c * kChannels;
    v[kSpread] = spread - start;
    v[kWin] = WinChance(spread, w.left);
    v[kObjective] =
        playout_.objective == Objective::kWin ? v[kWin] + kWinPerPoint * v[kSpread] : v[kSpread];
    // Each candidate is hundreds of plays.
    if (control.Poll(nodes + (w.gen.steps() - steps))) return std::nullopt;
  }
  return nodes + (w.gen.steps() - steps);
}

void Simulation::Describe(const search::MonteCarloMove& move, core::MoveValue& mv) const {
  const Move& m = candidates_[static_cast<size_t>(move.index)];
  mv.move = view_.Format(m);
  mv.depth = playout_.plies + 1;
  const double win = move.channels[kWin].Mean();
  const double spread = move.channels[kSpread].Mean();
  const double spread_se = move.channels[kSpread].StdError();
  // By win: the value is the chance itself (the objective less its spread tie-break).
  if (playout_.objective == Objective::kWin) {
    mv.value = win;
    mv.std_error = move.channels[kWin].StdError();
  }
  const double leave = LeaveOf(view_, m);
  mv.metrics = {
      {"score", static_cast<double>(m.score), "points the play scores", core::ValueUnit::kScore},
      {"leave", leave, "the value of the tiles kept", core::ValueUnit::kEquity},
      {"equity", m.score + leave, "score plus leave (static)", core::ValueUnit::kEquity},
      {"spread", spread, "mean change in the spread at the horizon (or the end)",
       core::ValueUnit::kSpread},
      {"spread_se", spread_se, "its standard error", core::ValueUnit::kSpread},
      {"win", win, "the mean chance of winning at the horizon (exact at the end)",
       core::ValueUnit::kProbability},
      {"win_se", move.channels[kWin].StdError(), "its standard error",
       core::ValueUnit::kProbability}};
  mv.display = absl::StrFormat("spread %+.1f ±%.1f, wins %.1f%%, %d points", spread, spread_se,
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
