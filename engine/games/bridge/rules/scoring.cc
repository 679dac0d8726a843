#include "engine/games/bridge/rules/scoring.h"

#include <cstdlib>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "engine/games/bridge/rules/cards.h"

namespace kibitzer::bridge {
namespace {

// Trick score of `odd` odd tricks in `strain`, undoubled.
int TrickScore(int strain, int odd) {
  if (odd <= 0) return 0;
  if (strain == kNoTrump) return 40 + 30 * (odd - 1);
  return odd * (strain == kClubs || strain == kDiamonds ? 20 : 30);
}

int Undertricks(int down, int doubled, bool vulnerable) {
  if (doubled == 0) return down * (vulnerable ? 100 : 50);
  int penalty = 0;
  for (int i = 1; i <= down; ++i) {
    if (vulnerable) {
      penalty += i == 1 ? 200 : 300;
    } else {
      penalty += i == 1 ? 100 : i <= 3 ? 200 : 300;
    }
  }
  return doubled == 2 ? 2 * penalty : penalty;
}

}  // namespace

absl::StatusOr<Contract> ParseContract(absl::string_view text, absl::string_view field) {
  const std::string t = absl::AsciiStrToUpper(absl::StripAsciiWhitespace(text));
  auto bad = [&] {
    return absl::InvalidArgumentError(absl::StrCat(
        field, ": '", text,
        "' is not a contract (level 1-7, strain C D H S N or NT, then X or XX; or Pass)"));
  };
  if (t == "PASS" || t == "P") return Contract{};
  if (t.size() < 2 || t[0] < '1' || t[0] > '7') return bad();
  Contract c;
  c.level = t[0] - '0';
  size_t i = 1;
  if (t.compare(1, 2, "NT") == 0) {
    c.strain = kNoTrump;
    i = 3;
  } else {
    const std::optional<int> strain = ParseStrain(t.substr(1, 1));
    if (!strain) return bad();
    c.strain = *strain;
    i = 2;
  }
  const std::string rest = t.substr(i);
  if (rest == "X" || rest == "*") {
    c.doubled = 1;
  } else if (rest == "XX" || rest == "**") {
    c.doubled = 2;
  } else if (!rest.empty()) {
    return bad();
  }
  return c;
}

std::string FormatContract(const Contract& c) {
  if (c.passed_out()) return "Pass";
  return absl::StrCat(c.level, c.strain == kNoTrump ? "NT" : std::string(1, SuitChar(c.strain)),
                      std::string(c.doubled, 'X'));
}

int DuplicateScore(const Contract& c, bool vulnerable, int tricks) {
  if (c.passed_out()) return 0;
  const int needed = c.level + 6;
  if (tricks < needed) return -Undertricks(needed - tricks, c.doubled, vulnerable);
  const int multiplier = c.doubled == 0 ? 1 : c.doubled == 1 ? 2 : 4;
  const int contracted = TrickScore(c.strain, c.level) * multiplier;
  int score = contracted;
  score += contracted >= 100 ? (vulnerable ? 500 : 300) : 50;
  if (c.level == 6) score += vulnerable ? 750 : 500;
  if (c.level == 7) score += vulnerable ? 1500 : 1000;
  score += c.doubled * 50;  // for making a doubled (50) or redoubled (100) contract
  const int over = tricks - needed;
  if (c.doubled == 0) {
    score += over * (c.strain == kClubs || c.strain == kDiamonds ? 20 : 30);
  } else {
    score += over * (vulnerable ? 200 : 100) * c.doubled;
  }
  return score;
}

int Imps(int difference) {
  // Upper ends of each IMP band, Law 78B.
  static constexpr int kBands[] = {10,   40,   80,   120,  160,  210,  260,  310,
                                   360,  420,  490,  590,  740,  890,  1090, 1290,
                                   1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990};
  const int d = std::abs(difference);
  int imps = 0;
  while (imps < 24 && d > kBands[imps]) ++imps;
  return difference < 0 ? -imps : imps;
}

}  // namespace kibitzer::bridge
