#include "engine/games/scrabble/leaves/leave.h"

#include <cstdlib>

namespace kibitzer::scrabble {
namespace {

// Blank first, then A..Z.
constexpr double kTileValue[kTileKinds] = {25.0, 1.0,  -2.0, 0.5,  0.5,  1.5,  -2.0, -2.0, 0.5,
                                           -0.5, -1.5, -1.0, -0.5, 0.5,  0.0,  -1.0, -0.5, -7.0,
                                           1.0,  8.0,  0.0,  -3.0, -5.0, -3.0, 3.0,  -1.0, 2.0};

constexpr bool IsVowel(int kind) {
  return kind == 1 || kind == 5 || kind == 9 || kind == 15 || kind == 21;
}

}  // namespace

double LeaveValue(const LeaveTable* learned, const Rack& leave, int bag_size) {
  if (bag_size == 0) return -2.0 * leave.Points();
  if (learned != nullptr) return learned->Value(leave) * learned->BagFactor(bag_size);
  return HandMadeLeaveValue(leave);
}

double HandMadeLeaveValue(const Rack& leave) {
  double v = 0;
  int vowels = 0, consonants = 0;
  for (int k = 0; k < kTileKinds; ++k) {
    const int n = leave.count[k];
    if (n == 0) continue;
    v += n * kTileValue[k];
    if (k != kBlank && n > 1) v -= (n - 1) * (IsVowel(k) ? 4.0 : 3.0);
    if (k == kBlank) continue;
    (IsVowel(k) ? vowels : consonants) += n;
  }
  const int imbalance = std::abs(vowels - consonants);
  if (imbalance > 1) v -= 1.5 * (imbalance - 1);
  if (leave.count[17] > 0 && leave.count[21] == 0) v -= 3.0;  // Q without U
  return v;
}

}  // namespace kibitzer::scrabble
