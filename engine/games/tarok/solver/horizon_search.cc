// The exact solver's depth-limited form for sampled layouts too deep to solve in time: alpha-beta
// in the solver's own values (card points, or 1/0 in the beggars and valats) to a horizon at a
// trick start, where the rules of thumb play the rest out (RolloutValue).
#include <algorithm>

#include "engine/games/tarok/solver/solver.h"

namespace kibitzer::tarok {
namespace {

constexpr int kInf = 100000;

}  // namespace

int Solver::HorizonAlphaBeta(const PlayState& s, int plies, int alpha, int beta) {
  ++nodes_;
  if ((nodes_ & (core::SearchControl::kPollInterval - 1)) == 0 && Poll()) return alpha;
  if (stopped_) return alpha;
  if (s.IsOver()) return FinalValue(s);
  // The horizon only at a trick start, so that the rules of thumb take up whole tricks.
  if (plies <= 0 && s.CardsInTrick() == 0) return RolloutValue(s, perspective_);
  int cards[kTricks];
  const int count = OrderMoves(s, cards, -1);
  const bool max = Maximizer(s.ToMove());
  int best = max ? -kInf : kInf;
  for (int i = 0; i < count; ++i) {
    PlayState child = s;
    child.Play(cards[i]);
    const int v = HorizonAlphaBeta(child, plies - 1, alpha, beta);
    if (stopped_) return alpha;
    if (max) {
      best = std::max(best, v);
      alpha = std::max(alpha, v);
    } else {
      best = std::min(best, v);
      beta = std::min(beta, v);
    }
    if (alpha >= beta) break;
  }
  return best;
}

std::vector<CardValue> Solver::HorizonSearch(const PlayState& s, int perspective, int plies) {
  Prepare(s, perspective);
  std::vector<CardValue> out;
  for (Mask m = s.Legal(); m != 0 && !s.IsOver(); m &= m - 1) {
    PlayState child = s;
    child.Play(Lowest(m));
    const int v = HorizonAlphaBeta(child, plies - 1, -kInf, kInf);
    if (stopped_) break;
    out.push_back({Lowest(m), v});
  }
  return out;
}

}  // namespace kibitzer::tarok
