#include "engine/games/bigtwo/rules/cards.h"

#include <cctype>

#include "absl/strings/str_cat.h"

namespace kibitzer::bigtwo {
namespace {

constexpr char kRankChars[] = "3456789TJQKA2";
// Suit letters from lowest to highest in each variant.
constexpr char kTaiwanSuits[] = "CDHS";
constexpr char kPagatSuits[] = "DCHS";

const char* SuitChars(Variant v) { return v == Variant::kTaiwan ? kTaiwanSuits : kPagatSuits; }

int RankIndex(char c) {
  c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (int r = 0; r < kRanks; ++r) {
    if (kRankChars[r] == c) return r;
  }
  return -1;
}

int SuitIndex(char c, Variant v) {
  c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const char* suits = SuitChars(v);
  for (int s = 0; s < 4; ++s) {
    if (suits[s] == c) return s;
  }
  return -1;
}

bool IsSeparator(char c) { return c == ' ' || c == ',' || c == '-' || c == '.'; }

}  // namespace

Rules Rules::ForVariant(Variant v) {
  Rules r;
  r.variant = v;
  if (v == Variant::kPagat) {
    r.straights = Straights::kAceHigh;
    r.triples = true;
    r.flushes = true;
    r.monsters = false;
    r.dragon = false;
  }
  return r;
}

std::string CardName(int card, Variant v) {
  return {kRankChars[RankOf(card)], SuitChars(v)[SuitOf(card)]};
}

absl::StatusOr<int> ParseCard(std::string_view text, Variant v) {
  std::string_view rank = text.substr(0, text.size() >= 1 ? text.size() - 1 : 0);
  if (text.size() < 2 || text.size() > 3) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", std::string(text), "' is not a card (e.g. 3C, TS, 2D)"));
  }
  int r = rank == "10" ? 7 : rank.size() == 1 ? RankIndex(rank[0]) : -1;
  if (r < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", std::string(text), "' has no rank: ranks are 3 4 5 6 7 8 9 T J Q K A 2"));
  }
  const int s = SuitIndex(text.back(), v);
  if (s < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", std::string(text), "' has no suit: suits are C D H S"));
  }
  return r * 4 + s;
}

std::string FormatCards(Mask cards, Variant v) {
  std::string out;
  for (Mask m = cards; m != 0; m &= m - 1) out += CardName(__builtin_ctzll(m), v);
  return out;
}

absl::StatusOr<Mask> ParseCards(std::string_view text, Variant v, const std::string& field) {
  Mask cards = 0;
  size_t i = 0;
  if (text == "-") return cards;
  while (i < text.size()) {
    if (IsSeparator(text[i])) {
      ++i;
      continue;
    }
    // A card is a rank (one character, or "10") and a suit letter.
    const size_t len = (text[i] == '1' && i + 1 < text.size() && text[i + 1] == '0') ? 3 : 2;
    std::string_view token = text.substr(i, len);
    absl::StatusOr<int> card = ParseCard(token, v);
    if (!card.ok())
      return absl::InvalidArgumentError(absl::StrCat(field, ": ", card.status().message()));
    if (cards & Bit(*card)) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": ", CardName(*card, v), " is given twice"));
    }
    cards |= Bit(*card);
    i += len;
  }
  return cards;
}

}  // namespace kibitzer::bigtwo
