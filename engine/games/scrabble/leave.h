// Static equity: a play's score plus the value of the tiles it keeps (its leave).
//
// The leave evaluation here is simple and documented (learned values come later): each tile kept
// has a value (the blank 25, S 8, X 3, Z 2, E 1.5, A and R 1, C D H M 0.5, N T 0, I L P -0.5,
// K O Y -1, J -1.5, B F G -2, U W -3, V -5, Q -7); each copy of a letter beyond the first costs 3
// (4 for a vowel); vowels and consonants out of balance by more than one cost 1.5 a tile more;
// a Q kept without a U costs 3 more. When the bag is empty the leave is tiles stuck on the rack:
// minus twice their face value.
#pragma once

#include "engine/games/scrabble/tiles.h"

namespace kibitzer::scrabble {

double LeaveValue(const Rack& leave, int bag_size);

}  // namespace kibitzer::scrabble
