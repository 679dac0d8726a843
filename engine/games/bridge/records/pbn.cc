#include "engine/games/bridge/records/pbn.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace kibitzer::bridge {
namespace {

absl::Status Bad(absl::string_view field, absl::string_view why) {
  return absl::InvalidArgumentError(absl::StrCat(field, ": ", why));
}

}  // namespace

absl::StatusOr<Hands> ParsePbnDeal(absl::string_view text, absl::string_view field,
                                   bool allow_unequal) {
  absl::StatusOr<PbnLayout> layout = ParsePbnLayout(text, field, allow_unequal, false);
  if (!layout.ok()) return layout.status();
  return layout->hands;
}

absl::StatusOr<PbnLayout> ParsePbnLayout(absl::string_view text, absl::string_view field,
                                         bool allow_unequal, bool allow_unknown) {
  text = absl::StripAsciiWhitespace(text);
  if (text.size() < 2 || text[1] != ':') {
    return Bad(field, "a PBN deal starts with the first seat and a colon, e.g. \"N:AKQ2.AQ6...\"");
  }
  const std::optional<int> first = ParseSeat(text.substr(0, 1));
  if (!first)
    return Bad(field, absl::StrCat("'", text.substr(0, 1), "' is not a seat (N, E, S, W)"));
  std::vector<absl::string_view> hands =
      absl::StrSplit(text.substr(2), absl::ByAnyChar(" \t"), absl::SkipEmpty());
  if (hands.size() != 4) {
    return Bad(field, absl::StrCat("a deal has 4 hands, found ", hands.size()));
  }
  PbnLayout layout;
  Hands& out = layout.hands;
  CardSet seen;
  for (int h = 0; h < 4; ++h) {
    const int seat = (*first + h) & 3;
    const std::string where = absl::StrCat("hand of ", std::string(1, SeatChar(seat)));
    if (hands[h] == "-") {
      if (!allow_unknown) return Bad(field, absl::StrCat(where, " is unknown ('-')"));
      continue;
    }
    layout.known |= 1 << seat;
    std::vector<absl::string_view> suits = absl::StrSplit(hands[h], '.');
    if (suits.size() != 4) {
      return Bad(field, absl::StrCat(where, " '", hands[h],
                                     "' needs 4 suits separated by '.', found ", suits.size()));
    }
    for (int s = 0; s < 4; ++s) {
      absl::string_view cards = suits[s];
      for (size_t i = 0; i < cards.size(); ++i) {
        absl::string_view r = cards.substr(i, 1);
        if (cards.substr(i, 2) == "10") {
          r = cards.substr(i, 2);
          ++i;
        }
        const std::optional<int> rank = ParseRank(r);
        if (!rank) {
          return Bad(field, absl::StrCat(where, ": '", r, "' is not a rank in ",
                                         std::string(1, SuitChar(s)), " (AKQJT98765432)"));
        }
        const int card = MakeCard(s, *rank);
        if (seen.Contains(card)) {
          return Bad(field, absl::StrCat("the ", CardName(card), " appears twice"));
        }
        seen.Add(card);
        out[seat].Add(card);
      }
    }
    if (out[seat].size() > 13) {
      return Bad(field, absl::StrCat(where, " has ", out[seat].size(), " cards, at most 13"));
    }
  }
  if (!allow_unequal) {
    int first_known = -1;
    for (int seat = 0; seat < 4; ++seat) {
      if (!(layout.known >> seat & 1)) continue;
      if (first_known < 0) {
        first_known = seat;
      } else if (out[seat].size() != out[first_known].size()) {
        return Bad(field, absl::StrCat("unequal hands: ", std::string(1, SeatChar(first_known)),
                                       " has ", out[first_known].size(), " cards, ",
                                       std::string(1, SeatChar(seat)), " has ", out[seat].size()));
      }
    }
  }
  return layout;
}

std::string FormatPbnLayout(const Hands& hands, uint8_t known) {
  std::string out = "N:";
  for (int seat = 0; seat < 4; ++seat) {
    if (seat > 0) out += ' ';
    out += (known >> seat & 1) ? FormatHand(hands[seat]) : "-";
  }
  return out;
}

std::string FormatHand(CardSet hand) {
  std::string out;
  for (int s = 0; s < 4; ++s) {
    if (s > 0) out += '.';
    for (int r = 14; r >= 2; --r) {
      if (hand.Contains(MakeCard(s, r))) out += RankChar(r);
    }
  }
  return out;
}

std::string FormatPbnDeal(const Hands& hands) {
  return absl::StrCat("N:", FormatHand(hands[0]), " ", FormatHand(hands[1]), " ",
                      FormatHand(hands[2]), " ", FormatHand(hands[3]));
}

}  // namespace kibitzer::bridge
