// Big Two cards, rules and plays.
//
// A card is rank * 4 + suit, ranks 0..12 standing for 3 4 5 6 7 8 9 T J Q K A 2 and suits 0..3
// in the variant's order from lowest to highest (taiwan: C D H S; pagat: D C H S). So a card's
// index is its strength as a single, the lowest card of the deck is index 0 in both variants, and
// a hand is a 52-bit mask in which the cards of one rank are one nibble. Value types, no
// allocation; safe to share read-only between threads.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace kibitzer::bigtwo {

using Mask = uint64_t;

inline constexpr int kRanks = 13;
inline constexpr int kCards = 52;
inline constexpr int kMaxPlayers = 4;
inline constexpr int kHandSize = 13;
inline constexpr Mask kDeck = (Mask{1} << kCards) - 1;
inline constexpr int kRankTwo = 12;
inline constexpr int kRankAce = 11;

constexpr int RankOf(int card) { return card >> 2; }
constexpr int SuitOf(int card) { return card & 3; }
constexpr Mask RankMask(int rank) { return Mask{0xF} << (4 * rank); }
constexpr Mask Bit(int card) { return Mask{1} << card; }

enum class Variant : uint8_t { kTaiwan, kPagat };
// Which five-card runs are straights. kTaiwan: A-2-3-4-5 (lowest) .. 10-J-Q-K-A, then 2-3-4-5-6
// (highest), each compared by its last card as written. kAceHigh: 3-4-5-6-7 .. 10-J-Q-K-A only.
enum class Straights : uint8_t { kTaiwan, kAceHigh };

// The rules of one game: the variant and its per-request options.
struct Rules {
  Variant variant = Variant::kTaiwan;
  int players = 4;
  Straights straights = Straights::kTaiwan;
  bool pass_is_final = false;  // a pass keeps the player out until the next lead
  bool multipliers = false;    // cards left count double from 10, triple at 13
  bool triples = false;        // pagat: three of a kind is a play
  bool flushes = false;        // pagat: flush is a five-card hand
  bool monsters = true;        // taiwan: four of a kind and straight flush beat anything
  bool dragon = true;          // taiwan: 13 different ranks are played at once and win

  static Rules ForVariant(Variant v);
};

// "3C", "TS" or "10S", "2D": rank then suit (suit letters C D H S, any case).
std::string CardName(int card, Variant v);
absl::StatusOr<int> ParseCard(std::string_view text, Variant v);
// The cards lowest first, concatenated: "3C4C9HAS".
std::string FormatCards(Mask cards, Variant v);
// Cards concatenated or separated by spaces, commas, '-' or '.'; "-" or "" is the empty set.
// Errors say which card and why, prefixed by `field`.
absl::StatusOr<Mask> ParseCards(std::string_view text, Variant v, const std::string& field);

}  // namespace kibitzer::bigtwo
