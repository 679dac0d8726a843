// What one seat knows of a game: its own hand, the talon once shown (three, two, one; klop's
// talon card by card as it is given away), the declarer's hand in open beggar after the first
// trick, discarded taroks, and every card played; the others' hands and discards are hidden.
#pragma once

#include <vector>

#include "engine/games/tarok/rules/round.h"

namespace kibitzer::tarok {

// `full` (which `moves` led to from its start) as `seat` sees it; the moves as the seat saw
// them (hidden discards as Move::kHiddenCard) go to `seen` when not null.
Round SeatView(const Round& full, const std::vector<Move>& moves, int seat,
               std::vector<Move>* seen = nullptr);

}  // namespace kibitzer::tarok
