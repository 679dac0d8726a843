// A request's `fixed` entries ("SEAT:CARDS": cards the client fixes to a seat in every sampled
// layout), split once for every game: each game reads the cards in its own notation.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace kibitzer::core {

struct FixedCards {
  int seat = 0;       // index into the seat names given to ParseFixedCards
  std::string cards;  // the text after the colon
  std::string field;  // "fixed[i]", for the game's errors about the cards
};

// Splits each entry of `fixed` at its first colon; the seat is one of `seats` (either case,
// spaces around it ignored). Errors name `field[i]` and show `example`, e.g.
// "fixed[0]: 'W SK' is not SEAT:CARDS with SEAT one of N, E, S, W (e.g. W:SK)".
absl::StatusOr<std::vector<FixedCards>> ParseFixedCards(const std::vector<std::string>& fixed,
                                                        const std::vector<std::string>& seats,
                                                        absl::string_view field,
                                                        absl::string_view example);

}  // namespace kibitzer::core
