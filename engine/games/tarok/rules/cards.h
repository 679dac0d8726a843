// Tarok cards as 64-bit masks: 54 cards, points, the pile count, and card notation.
//
// Bit layout: taroks at bits 0..21 (0 = I pagat, 1 = II, ..., 20 = XXI mond, 21 = škis);
// suit s (0 hearts, 1 diamonds, 2 spades, 3 clubs) at bits 22 + 8s .. 29 + 8s, lowest card first
// (red: 4 3 2 1 J N Q K; black: 7 8 9 10 J N Q K), so within a group a higher bit beats a lower.
// Notation: taroks by Roman numeral (I..XXI; IIII is read as IV) or SK for škis (also "pagat",
// "mond", "skis"); suit cards rank then suit: K Q N (knight, kaval) J, red pips 1-4, black pips
// 7 8 9 10 (T too), suits H D S C, e.g. "NH", "1H", "10C".
#pragma once

#include <bit>
#include <cstdint>
#include <string>

#include "absl/status/statusor.h"

namespace kibitzer::tarok {

using Mask = uint64_t;

constexpr int kNumCards = 54;
constexpr int kNumTaroks = 22;
constexpr int kPagat = 0;
constexpr int kMond = 20;
constexpr int kSkis = 21;
constexpr int kTarokGroup = 4;  // group index of the taroks; suits are groups 0..3
constexpr int kSuitBase = 22;

constexpr Mask Bit(int card) { return Mask{1} << card; }
constexpr Mask kTaroks = (Mask{1} << kNumTaroks) - 1;
constexpr Mask kAllCards = (Mask{1} << kNumCards) - 1;
constexpr Mask kTrula = Bit(kPagat) | Bit(kMond) | Bit(kSkis);
constexpr Mask SuitMask(int suit) { return Mask{0xFF} << (kSuitBase + 8 * suit); }
constexpr Mask GroupMask(int group) { return group == kTarokGroup ? kTaroks : SuitMask(group); }
constexpr int GroupOf(int card) { return card < kSuitBase ? kTarokGroup : (card - kSuitBase) / 8; }
constexpr int RankInSuit(int card) { return (card - kSuitBase) % 8; }  // 0 lowest .. 7 king
constexpr Mask kKings =
    Bit(kSuitBase + 7) | Bit(kSuitBase + 15) | Bit(kSuitBase + 23) | Bit(kSuitBase + 31);
// The one-point cards that may be told apart only by rank: taroks II..XX and each suit's pips.
constexpr Mask kTarokRun = kTaroks & ~kTrula;
constexpr Mask SuitPips(int suit) { return Mask{0x0F} << (kSuitBase + 8 * suit); }

constexpr int CardPoints(int card) {
  if (card < kSuitBase) return (Bit(card) & kTrula) ? 5 : 1;
  constexpr int kByRank[8] = {1, 1, 1, 1, 2, 3, 4, 5};
  return kByRank[RankInSuit(card)];
}

// The cards of each suit's rank `r` (0 lowest .. 7 king).
constexpr Mask SuitRank(int r) {
  Mask m = 0;
  for (int s = 0; s < 4; ++s) m |= Bit(kSuitBase + 8 * s + r);
  return m;
}

// Sum of the card points of `cards` (inline: the solver counts points at every trick start).
inline int PointSum(Mask cards) {
  // Every card counts one, and one more for each step it is worth above that.
  constexpr Mask kAtLeast5 = kTrula | SuitRank(7);
  constexpr Mask kAtLeast4 = kAtLeast5 | SuitRank(6);
  constexpr Mask kAtLeast3 = kAtLeast4 | SuitRank(5);
  constexpr Mask kAtLeast2 = kAtLeast3 | SuitRank(4);
  return std::popcount(cards) + std::popcount(cards & kAtLeast2) +
         std::popcount(cards & kAtLeast3) + std::popcount(cards & kAtLeast4) +
         std::popcount(cards & kAtLeast5);
}
// The pile count: floor((3 * sum - 2 * n + 1) / 3), which is counting in threes.
// Every card counts at least 1, so 3 * sum - 2 * n + 1 > 0 for n > 0.
constexpr int CountPile(int sum, int n) { return (3 * sum - 2 * n + 1) / 3; }
inline int CountCards(Mask cards) { return CountPile(PointSum(cards), std::popcount(cards)); }

inline int Lowest(Mask m) { return std::countr_zero(m); }
inline int Highest(Mask m) { return 63 - std::countl_zero(m); }

std::string CardName(int card);
// The cards in notation order (taroks high to low, then hearts, diamonds, spades, clubs, each
// high to low), joined by `sep`.
std::string FormatCards(Mask cards, const std::string& sep = ",");
// One card; errors name `field`.
absl::StatusOr<int> ParseCard(const std::string& text, const std::string& field);
// Cards separated by commas or spaces; a card given twice is an error. "" is the empty set.
absl::StatusOr<Mask> ParseCards(const std::string& text, const std::string& field);

}  // namespace kibitzer::tarok
