// Move ordering of the double-dummy solver for the second, third and fourth cards of a trick:
// the weights DDS 2.9 gives them (its WeightAlloc*1/2/3 rules, in a formulation of our own).
#pragma once

#include <cstdint>

namespace kibitzer::bridge::dd {

// A card the player to move may play, standing for its group of equivalent cards.
struct WeightedCard {
  int card;
  int weight;
  uint64_t group;  // the equivalent cards it stands for
};

struct TrickInProgress {
  const uint64_t* hands;  // the four hands (cards on the table removed)
  int trump;
  int leader;
  const int* table;  // the cards played to this trick, in order
  int count;         // how many: 1 to 3
};

// Sets the weights of the cards `moves[0..n)` (in suit order, highest first) that the player to
// move may play.
void FollowWeights(const TrickInProgress& trick, WeightedCard* moves, int n);

}  // namespace kibitzer::bridge::dd
