#include "engine/games/bigtwo/search/evaluate.h"

#include <algorithm>

namespace kibitzer::bigtwo {
int PlaysToFinish(Mask hand, const Rules& rules) {
  int c[kRanks];
  for (int r = 0; r < kRanks; ++r) c[r] = __builtin_popcountll(hand & RankMask(r));
  int plays = 0;
  uint16_t runs[10];
  const int nruns = StraightRankSets(rules, runs);
  for (int i = 0; i < nruns; ++i) {
    int have = 0, loose = 0;
    for (int r = 0; r < kRanks; ++r) {
      if (!(runs[i] >> r & 1)) continue;
      have += c[r] > 0;
      loose += c[r] == 1;
    }
    if (have < 5 || loose < 3) continue;
    for (int r = 0; r < kRanks; ++r) c[r] -= runs[i] >> r & 1;
    ++plays;
  }
  int singles = 0, pairs = 0, triples = 0, fours = 0;
  for (int r = 0; r < kRanks; ++r) {
    singles += c[r] == 1;
    pairs += c[r] == 2;
    triples += c[r] == 3;
    fours += c[r] == 4;
  }
  const int full_houses = std::min(triples, pairs);
  plays += full_houses;
  pairs -= full_houses;
  triples -= full_houses;
  // A triple left over is one play in pagat, a pair and a single in taiwan.
  plays += triples * (rules.triples ? 1 : 2);
  plays += fours;
  singles -= std::min(singles, fours);  // kickers
  plays += pairs + singles;
  return plays;
}

int SureWinners(Mask hand, Mask others) {
  if (others == 0) return __builtin_popcountll(hand);
  const int top = 63 - __builtin_clzll(others);
  return __builtin_popcountll(hand >> (top + 1));
}

void Utilities(const State& s, int* out) {
  const int n = s.NumPlayers();
  if (s.IsTerminal()) {
    int points[kMaxPlayers];
    s.Returns(points);
    for (int p = 0; p < n; ++p) {
      out[p] = 10 * points[p] + (p == s.winner() ? kWinBonus * (n - 1) : -kWinBonus);
    }
    return;
  }
  Mask all = 0;
  for (int p = 0; p < n; ++p) all |= s.hand(p);
  int cost[kMaxPlayers];
  int total = 0;
  for (int p = 0; p < n; ++p) {
    const Mask h = s.hand(p);
    const int plays = PlaysToFinish(h, s.rules());
    const int sure = std::min(SureWinners(h, all & ~h), std::max(plays - 1, 0));
    // Twos and aces are the cards that win tricks back; the seat that holds the trick (or is
    // on lead) plays next with a free choice.
    const int high = __builtin_popcountll(h & (RankMask(kRankTwo) | RankMask(kRankAce)));
    const bool tempo = s.Leading() ? s.CurrentPlayer() == p : s.last_player() == p;
    cost[p] = 10 * plays - 6 * sure - 2 * high - (tempo ? 5 : 0) + s.count(p);
    total += cost[p];
  }
  for (int p = 0; p < n; ++p) out[p] = total - n * cost[p];
}

Move BaselineMove(const State& state) {
  Move moves[kMaxMoves];
  const int count = state.GenerateMoves(moves);
  Move best = moves[0];
  for (int i = 1; i < count; ++i) {
    const Move& m = moves[i];
    if (m.size() > best.size() || (m.size() == best.size() && PlayLess(m, best))) best = m;
  }
  return best;
}

void PlayOut(State& s) {
  while (!s.IsTerminal()) s.Play(BaselineMove(s));
}

}  // namespace kibitzer::bigtwo
