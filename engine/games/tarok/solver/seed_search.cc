// The seed program's depth-limited search (Luštrek 2002, section 4.2), kept as a player option:
// alpha-beta to a fixed number of plies with the evaluation
//   f = difference * 5 + sum of the player's taroks + 50 * (holds mond) + 50 * (holds škis),
// where the difference is the card points taken by the player's side less the other side's.
#include <algorithm>

#include "engine/games/tarok/solver/solver.h"

namespace kibitzer::tarok {
namespace {

constexpr int kInf = 1000000;

// Whether taking cards is bad for `p` (klop, and the declarer of a beggar).
bool Avoids(const PlayState& s, int p) {
  return s.contract() == Contract::kKlop || (IsBeggar(s.contract()) && p == s.declarer());
}

}  // namespace

int Solver::SeedEval(const PlayState& s) const {
  const int me = seed_me_;
  if (s.IsOver() && (IsBeggar(s.contract()) || IsValat(s.contract()))) {
    const bool made = FinalValue(s) == 1;
    return s.OnDeclarerSide(me) == made ? 10000 : -10000;
  }
  Mask mine = 0;
  Mask theirs = 0;
  for (int p = 0; p < s.players(); ++p) {
    (s.SameSide(p, me) ? mine : theirs) |= s.won(p);
  }
  (s.contract() != Contract::kKlop && !s.OnDeclarerSide(me) ? mine : theirs) |= s.rest();
  int diff = CountCards(mine) - CountCards(theirs);
  if (Avoids(s, me)) diff = -diff;
  int taroks = 0;
  for (Mask m = s.hand(me) & kTaroks; m != 0; m &= m - 1) taroks += Lowest(m) + 1;
  const Mask hand = s.hand(me);
  return diff * 5 + taroks + ((hand & Bit(kMond)) ? 50 : 0) + ((hand & Bit(kSkis)) ? 50 : 0);
}

int Solver::SeedAlphaBeta(const PlayState& s, int plies, int alpha, int beta) {
  ++nodes_;
  if ((nodes_ & (core::SearchControl::kPollInterval - 1)) == 0 && Poll()) return alpha;
  if (stopped_) return alpha;
  if (plies == 0 || s.IsOver()) return SeedEval(s);
  const bool max = s.SameSide(s.ToMove(), seed_me_);
  // The history heuristic orders the cards (the seed program's ordering; values do not change).
  const int me = s.ToMove();
  int cards[kTricks];
  int n = 0;
  for (Mask m = s.Legal(); m != 0; m &= m - 1) {
    const int c = Lowest(m);
    int i = n++;
    while (i > 0 && seed_history_[me][cards[i - 1]] < seed_history_[me][c]) {
      cards[i] = cards[i - 1];
      --i;
    }
    cards[i] = c;
  }
  int best = max ? -kInf : kInf;
  for (int i = 0; i < n; ++i) {
    PlayState child = s;
    child.Play(cards[i]);
    const int v = SeedAlphaBeta(child, plies - 1, alpha, beta);
    if (stopped_) return alpha;
    if (max) {
      best = std::max(best, v);
      alpha = std::max(alpha, v);
    } else {
      best = std::min(best, v);
      beta = std::min(beta, v);
    }
    if (alpha >= beta) {
      seed_history_[me][cards[i]] += plies * plies;
      break;
    }
  }
  return best;
}

std::vector<CardValue> Solver::SeedSearch(const PlayState& s, int me, int plies) {
  contract_ = s.contract();
  declarer_ = s.declarer();
  perspective_ = me;
  seed_me_ = me;
  std::vector<CardValue> out;
  for (Mask m = s.Legal(); m != 0 && !s.IsOver(); m &= m - 1) {
    PlayState child = s;
    child.Play(Lowest(m));
    const int v = SeedAlphaBeta(child, std::max(0, plies - 1), -kInf, kInf);
    if (stopped_) break;
    out.push_back({Lowest(m), v});
  }
  return out;
}

}  // namespace kibitzer::tarok
