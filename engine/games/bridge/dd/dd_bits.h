// Bit tools of the double-dummy solver: card masks by suit lane, and the rank-relative view of
// the live cards that its transposition table is keyed on.
#pragma once

#include <bit>
#include <cstdint>
#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "engine/games/bridge/rules/cards.h"

namespace kibitzer::bridge::dd {

constexpr uint64_t Bit(int card) { return uint64_t{1} << card; }
constexpr uint64_t Lane(int suit) { return kSuitMask << (16 * suit); }
inline int Top(uint64_t mask) { return 63 - std::countl_zero(mask); }
inline int Bottom(uint64_t mask) { return std::countr_zero(mask); }
// Cards of the same suit strictly above / below `card`.
constexpr uint64_t Above(int card) { return Lane(SuitOf(card)) & ~((Bit(card) << 1) - 1); }
constexpr uint64_t Below(int card) { return Lane(SuitOf(card)) & (Bit(card) - 1); }
// Whether `card` played now beats `winning`, the card winning the trick so far.
constexpr bool Beats(int card, int winning, int trump) {
  return SuitOf(card) == SuitOf(winning) ? RankOf(card) > RankOf(winning) : SuitOf(card) == trump;
}

// The number of cards of `mask` in each suit, one count per 16-bit lane.
constexpr uint64_t LaneCounts(uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return (x + (x >> 8)) & 0x000F000F000F000FULL;
}

// The bits of `x` at the positions of `live`, packed together from the bottom: BMI2's PEXT where
// the build targets it, else the same from a 16 KiB table. Suits stay in order, and within a
// suit the k-th live card from the top lands at the same place in every position that has the
// same number of live cards per suit: this is the rank-relative view.
uint64_t CompressByTable(uint64_t x, uint64_t live);
inline uint64_t Compress(uint64_t x, uint64_t live) {
#if defined(__BMI2__)
  return _pext_u64(x, live);
#else
  return CompressByTable(x, live);
#endif
}

// The `count` highest cards of `cards`.
inline uint64_t TopCards(uint64_t cards, int count) {
  for (int drop = std::popcount(cards) - count; drop > 0; --drop) cards &= cards - 1;
  return cards;
}

// The cards of `cards` (one hand's, in one suit) above every card of `others` in that suit.
inline uint64_t TopRun(uint64_t cards, uint64_t others) {
  return others == 0 ? cards : cards & ~((Bit(Top(others)) << 1) - 1);
}

// The absolute cards that `mask` (a set of relative cards, as Compress makes them) stands for
// among `live`: the same number of highest live cards in each suit (`mask` holds the top cards of
// each suit it touches, as the table stores them).
inline uint64_t ExpandTop(uint64_t mask, uint64_t live) {
#if defined(__BMI2__)
  // Relative bit k is the k-th live card from the bottom: PDEP undoes Compress.
  return _pdep_u64(mask, live);
#else
  uint64_t out = 0;
  int at = 0;
  for (int suit = 0; suit < 4; ++suit) {
    const uint64_t lane = live & Lane(suit);
    const int n = std::popcount(lane);
    const uint64_t range = ((uint64_t{1} << n) - 1) << at;
    out |= TopCards(lane, std::popcount(mask & range));
    at += n;
  }
  return out;
#endif
}

// The live card at relative index `index` (Compress order), or -1.
inline int SelectLive(uint64_t live, int index) {
#if defined(__BMI2__)
  if (index < 0 || index >= std::popcount(live)) return -1;
  return Bottom(_pdep_u64(uint64_t{1} << index, live));
#else
  for (int suit = 0; suit < 4; ++suit) {
    uint64_t lane = live & Lane(suit);
    const int n = std::popcount(lane);
    if (index < n) {
      for (; index > 0; --index) lane &= lane - 1;
      return Bottom(lane);
    }
    index -= n;
  }
  return -1;
#endif
}

}  // namespace kibitzer::bridge::dd
