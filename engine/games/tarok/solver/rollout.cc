#include "engine/games/tarok/solver/rollout.h"

namespace kibitzer::tarok {
namespace {

int Rank(int c) { return c < kSuitBase ? c : RankInSuit(c); }

}  // namespace

int RolloutCard(const PlayState& s) {
  const int me = s.ToMove();
  const Mask legal = s.Legal();
  const Mask hand = s.hand(me);
  const bool avoid = s.contract() == Contract::kKlop || IsBeggar(s.contract());
  const int k = s.CardsInTrick();
  if (k == 0) {
    if (avoid) {
      int best = Lowest(legal);
      for (Mask m = legal; m != 0; m &= m - 1) {
        if (Rank(Lowest(m)) < Rank(best)) best = Lowest(m);
      }
      return best;
    }
    if (std::popcount(hand & kTaroks) >= 6 && (legal & kTaroks)) return Highest(legal & kTaroks);
    int best = -1;
    int best_count = 99;
    for (int suit = 0; suit < 4; ++suit) {
      const Mask cards = legal & SuitMask(suit);
      if (cards != 0 && std::popcount(cards) < best_count) {
        best_count = std::popcount(cards);
        best = Lowest(cards);
      }
    }
    return best >= 0 ? best : Lowest(legal);
  }
  int8_t trick[kMaxPlayers];
  for (int i = 0; i < kMaxPlayers; ++i) trick[i] = static_cast<int8_t>(s.TrickCard(i));
  const int winner_now = s.After(s.leader(), PlayState::WinningIndex(s.contract(), trick, k));
  int lowest_win = -1;
  int highest_lose = -1;
  int cheapest = -1;
  int richest = -1;
  for (Mask m = legal; m != 0; m &= m - 1) {
    const int c = Lowest(m);
    trick[k] = static_cast<int8_t>(c);
    const bool wins = PlayState::WinningIndex(s.contract(), trick, k + 1) == k;
    if (wins && (lowest_win < 0 || Rank(c) < Rank(lowest_win))) lowest_win = c;
    if (!wins && (highest_lose < 0 || Rank(c) > Rank(highest_lose))) highest_lose = c;
    const int cost = CardPoints(c) * 32 + Rank(c);
    if (cheapest < 0 || cost < CardPoints(cheapest) * 32 + Rank(cheapest)) cheapest = c;
    if (!(Bit(c) & (kTrula | kKings)) && (richest < 0 || CardPoints(c) > CardPoints(richest))) {
      richest = c;
    }
  }
  if (avoid && !(IsBeggar(s.contract()) && me != s.declarer())) {
    return highest_lose >= 0 ? highest_lose : lowest_win;
  }
  if (s.SameSide(winner_now, me) && k == s.players() - 1) return richest >= 0 ? richest : cheapest;
  if (lowest_win >= 0) return lowest_win;
  return cheapest;
}

}  // namespace kibitzer::tarok
