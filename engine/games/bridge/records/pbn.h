// PBN deals: "N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 ..." — four hands clockwise from the seat
// before the colon, each spades.hearts.diamonds.clubs, ranks AKQJT98765432 (lower case and "10"
// accepted). Hands may hold fewer than 13 cards (end positions) but must all hold the same number.
#pragma once

#include <array>
#include <string>

#include "absl/status/statusor.h"
#include "engine/games/bridge/rules/cards.h"

namespace kibitzer::bridge {

using Hands = std::array<CardSet, 4>;  // indexed by seat

// Parses a deal; errors are INVALID_ARGUMENT naming `field`. With `allow_unequal`, hands may hold
// different numbers of cards (a trick in progress).
absl::StatusOr<Hands> ParsePbnDeal(absl::string_view text, absl::string_view field,
                                   bool allow_unequal = false);
// A deal in which some hands may be unknown ('-'): `known` has bit `seat` for each hand given.
struct PbnLayout {
  Hands hands{};
  uint8_t known = 0;
};
absl::StatusOr<PbnLayout> ParsePbnLayout(absl::string_view text, absl::string_view field,
                                         bool allow_unequal, bool allow_unknown);
// As FormatPbnDeal, with '-' for each hand not in `known`.
std::string FormatPbnLayout(const Hands& hands, uint8_t known);

// Canonical form, from North: "N:AKQ2.AQ6.J64.J53 ...", voids as empty suits.
std::string FormatPbnDeal(const Hands& hands);
std::string FormatHand(CardSet hand);

}  // namespace kibitzer::bridge
