#include "engine/core/fixed_cards.h"

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/core/quote.h"

namespace kibitzer::core {

absl::StatusOr<std::vector<FixedCards>> ParseFixedCards(const std::vector<std::string>& fixed,
                                                        const std::vector<std::string>& seats,
                                                        absl::string_view field,
                                                        absl::string_view example) {
  std::vector<FixedCards> out;
  for (size_t i = 0; i < fixed.size(); ++i) {
    FixedCards entry;
    entry.field = absl::StrCat(field, "[", i, "]");
    const std::string& text = fixed[i];
    const size_t colon = text.find(':');
    int seat = -1;
    if (colon != std::string::npos) {
      const absl::string_view name =
          absl::StripAsciiWhitespace(absl::string_view(text).substr(0, colon));
      for (size_t s = 0; s < seats.size(); ++s) {
        if (absl::EqualsIgnoreCase(name, seats[s])) seat = static_cast<int>(s);
      }
    }
    if (seat < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat(entry.field, ": ", Quote(text), " is not SEAT:CARDS with SEAT one of ",
                       absl::StrJoin(seats, ", "), " (e.g. ", example, ")"));
    }
    entry.seat = seat;
    entry.cards = text.substr(colon + 1);
    out.push_back(std::move(entry));
  }
  return out;
}

}  // namespace kibitzer::core
