// Bridge cards, seats and strains.
//
// A card is suit * 16 + rank, rank 2..14 (ace 14), so each suit is a 16-bit lane of a 64-bit
// CardSet and "the cards of suit s" is a shift and a mask. Suits are numbered in PBN order:
// spades 0, hearts 1, diamonds 2, clubs 3; strain 4 is no trump. Seats are numbered clockwise
// from North: N 0, E 1, S 2, W 3; North-South are the even seats.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "absl/strings/string_view.h"
#include "engine/core/card_set.h"

namespace kibitzer::bridge {

using core::CardSet;

inline constexpr int kSpades = 0, kHearts = 1, kDiamonds = 2, kClubs = 3, kNoTrump = 4;
inline constexpr int kNorth = 0, kEast = 1, kSouth = 2, kWest = 3;

inline constexpr int MakeCard(int suit, int rank) { return suit * 16 + rank; }
inline constexpr int SuitOf(int card) { return card >> 4; }
inline constexpr int RankOf(int card) { return card & 15; }
inline constexpr uint64_t kSuitMask = 0x7FFC;  // ranks 2..14 of one lane
inline constexpr CardSet SuitCards(CardSet set, int suit) {
  return CardSet(set.mask() & (kSuitMask << (16 * suit)));
}
inline constexpr CardSet kFullDeck = CardSet(kSuitMask * 0x0001000100010001ULL);
inline constexpr int Partner(int seat) { return seat ^ 2; }
inline constexpr int NextSeat(int seat) { return (seat + 1) & 3; }
inline constexpr bool IsNorthSouth(int seat) { return (seat & 1) == 0; }

char SuitChar(int suit);                                 // 'S', 'H', 'D', 'C'; 'N' for no trump
char RankChar(int rank);                                 // '2'..'9', 'T', 'J', 'Q', 'K', 'A'
char SeatChar(int seat);                                 // 'N', 'E', 'S', 'W'
std::optional<int> ParseSuit(char c);                    // S H D C, either case
std::optional<int> ParseStrain(absl::string_view text);  // S H D C N or NT, either case
std::optional<int> ParseRank(absl::string_view text);    // A K Q J T 9..2, also "10"
std::optional<int> ParseSeat(absl::string_view text);    // N E S W, either case
// A card as suit letter then rank ("SA", "H10", "dt"); nullopt when malformed.
std::optional<int> ParseCard(absl::string_view text);
std::string CardName(int card);  // "SA", "HT"

}  // namespace kibitzer::bridge
