#include "engine/games/tarok/rules/cards.h"

#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace kibitzer::tarok {
namespace {

constexpr const char* kRoman[21] = {"I",    "II",  "III",  "IV",    "V",   "VI",   "VII",
                                    "VIII", "IX",  "X",    "XI",    "XII", "XIII", "XIV",
                                    "XV",   "XVI", "XVII", "XVIII", "XIX", "XX",   "XXI"};
constexpr const char* kRedRanks[8] = {"4", "3", "2", "1", "J", "N", "Q", "K"};
constexpr const char* kBlackRanks[8] = {"7", "8", "9", "10", "J", "N", "Q", "K"};
constexpr char kSuitLetters[4] = {'H', 'D', 'S', 'C'};

}  // namespace

std::string CardName(int card) {
  if (card < 0 || card >= kNumCards) return "?";
  if (card == kSkis) return "SK";
  if (card < kSuitBase) return kRoman[card];
  const int suit = GroupOf(card);
  const int rank = RankInSuit(card);
  return absl::StrCat(suit < 2 ? kRedRanks[rank] : kBlackRanks[rank],
                      std::string(1, kSuitLetters[suit]));
}

std::string FormatCards(Mask cards, const std::string& sep) {
  std::vector<std::string> names;
  for (int c = kNumTaroks - 1; c >= 0; --c) {
    if (cards & Bit(c)) names.push_back(CardName(c));
  }
  for (int s = 0; s < 4; ++s) {
    for (int r = 7; r >= 0; --r) {
      const int c = kSuitBase + 8 * s + r;
      if (cards & Bit(c)) names.push_back(CardName(c));
    }
  }
  return absl::StrJoin(names, sep);
}

absl::StatusOr<int> ParseCard(const std::string& text, const std::string& field) {
  const std::string up = absl::AsciiStrToUpper(text);
  auto bad = [&] {
    return absl::InvalidArgumentError(absl::StrCat(
        field, ": '", text,
        "' is not a tarok card (taroks I..XXI or SK; suit cards rank K Q N J, red 1-4, black "
        "7-10, then suit H D S C, e.g. NH, 1H, 10C)"));
  };
  if (up == "SK" || up == "SKIS" || up == "ŠKIS" || up == "XXII") return kSkis;
  if (up == "PAGAT") return kPagat;
  if (up == "MOND") return kMond;
  if (up == "IIII") return 3;
  for (int i = 0; i < 21; ++i) {
    if (up == kRoman[i]) return i;
  }
  if (up.size() < 2 || up.size() > 3) return bad();
  const char suit_letter = up.back();
  int suit = -1;
  for (int s = 0; s < 4; ++s) {
    if (kSuitLetters[s] == suit_letter) suit = s;
  }
  if (suit < 0) return bad();
  std::string rank = up.substr(0, up.size() - 1);
  if (rank == "T") rank = "10";
  if (rank == "C" || rank == "KN") rank = "N";
  const char* const* ranks = suit < 2 ? kRedRanks : kBlackRanks;
  for (int r = 0; r < 8; ++r) {
    if (rank == ranks[r]) return kSuitBase + 8 * suit + r;
  }
  return bad();
}

absl::StatusOr<Mask> ParseCards(const std::string& text, const std::string& field) {
  Mask cards = 0;
  for (absl::string_view word : absl::StrSplit(text, absl::ByAnyChar(", "), absl::SkipEmpty())) {
    absl::StatusOr<int> c = ParseCard(std::string(word), field);
    if (!c.ok()) return c.status();
    if (cards & Bit(*c)) {
      return absl::InvalidArgumentError(absl::StrCat(field, ": ", CardName(*c), " is given twice"));
    }
    cards |= Bit(*c);
  }
  return cards;
}

}  // namespace kibitzer::tarok
