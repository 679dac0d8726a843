#include "engine/games/tarok/view/view.h"

#include <algorithm>

namespace kibitzer::tarok {

Round SeatView(const Round& full, const std::vector<Move>& moves, int seat,
               std::vector<Move>* seen) {
  DealCards d = full.deal();
  const Contract c = full.contract();
  const Phase phase = full.phase();
  const bool after_bidding = phase != Phase::kBidding && phase != Phase::kNaming;
  // The talon is laid out after the king is called.
  const bool talon_shown = after_bidding && phase != Phase::kKing;
  for (int p = 0; p < d.players; ++p) {
    if (p == seat) continue;
    const bool open = after_bidding && c == Contract::kOpenBeggar && p == full.declarer() &&
                      full.play().TricksDone() >= 1;
    if (!open) {
      d.known[p] = false;
      d.hands[p] = 0;
    }
  }
  int visible = 0;
  if (talon_shown && TalonTake(c) > 0) {
    visible = 6;
  } else if (after_bidding && c == Contract::kKlop) {
    visible = std::min(6, static_cast<int>(full.play().TricksDone()));
  }
  for (int i = visible; i < 6; ++i) d.talon[i] = -1;
  Round r = full.auction() ? Round(full.rules(), d)
                           : Round(full.rules(), d, full.contract(), full.declarer());
  if (seen != nullptr) seen->clear();
  for (Move m : moves) {
    if (r.phase() == Phase::kDiscard && r.declarer() != seat && m.IsCard() &&
        !(Bit(m.code) & kTaroks)) {
      m = Move{Move::kHiddenCard};
    }
    r.Apply(m);
    if (seen != nullptr) seen->push_back(m);
  }
  return r;
}

}  // namespace kibitzer::tarok
