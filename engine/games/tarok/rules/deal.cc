#include "engine/games/tarok/rules/deal.h"

namespace kibitzer::tarok {

DealCards RandomDeal(core::Rng& rng, int players) {
  for (;;) {
    int cards[kNumCards];
    for (int i = 0; i < kNumCards; ++i) cards[i] = i;
    rng.Shuffle(cards, cards + kNumCards);
    DealCards d;
    d.players = players;
    const int per_hand = CardsPerHand(players);
    for (int i = 0; i < 6; ++i) d.talon[i] = static_cast<int8_t>(cards[i]);
    bool ok = true;
    for (int p = 0; p < players; ++p) {
      d.hands[p] = 0;
      for (int i = 0; i < per_hand; ++i) d.hands[p] |= Bit(cards[6 + per_hand * p + i]);
      if ((d.hands[p] & kTaroks) == 0) ok = false;
    }
    if (ok) return d;
  }
}

}  // namespace kibitzer::tarok
