// Static equity's second half: the value of the tiles a play keeps (its leave).
//
// With a learned table (leave_table.h, the lexicon's NAME.leaves) a leave is valued by it, scaled
// by its bag factor when 1..6 tiles are left to draw. Without one, the hand-made values: each tile
// kept has a value (the blank 25, S 8, X 3, Z 2, E 1.5, A and R 1, C D H M 0.5, N T 0, I L P
// -0.5, K O Y -1, J -1.5, B F G -2, U W -3, V -5, Q -7); each copy of a letter beyond the first
// costs 3 (4 for a vowel); vowels and consonants out of balance by more than one cost 1.5 a tile
// more; a Q kept without a U costs 3 more. Either way, when the bag is empty the leave is tiles
// stuck on the rack: minus twice their face value.
#pragma once

#include "engine/games/scrabble/leaves/leave_table.h"
#include "engine/games/scrabble/rules/tiles.h"

namespace kibitzer::scrabble {

// `learned` may be null (the hand-made values); `bag_size`: the tiles in the bag before the draw.
double LeaveValue(const LeaveTable* learned, const Rack& leave, int bag_size);
// The hand-made values with a full bag.
double HandMadeLeaveValue(const Rack& leave);

}  // namespace kibitzer::scrabble
