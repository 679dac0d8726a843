#include "clients/cli/siu/siu_moves.h"

#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace kibitzer::cli::siu {
namespace {

bool IsTiles(absl::string_view s, bool rack) {
  if (s.empty()) return false;
  for (const char c : s) {
    if (!absl::ascii_isalpha(static_cast<unsigned char>(c)) && !(rack && c == '?')) return false;
  }
  return true;
}

bool IsNumber(absl::string_view s) {
  if (s.empty() || s.size() > 4) return false;
  for (const char c : s) {
    if (!absl::ascii_isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

// "8d" / "H11" upper-cased, when it is a row number and a column letter either way round.
bool Coordinate(absl::string_view s, std::string* out) {
  size_t digits = 0, letters = 0;
  while (digits < s.size() && absl::ascii_isdigit(static_cast<unsigned char>(s[digits]))) ++digits;
  if (digits > 0) {
    letters = s.size() - digits;
    if (letters != 1 || !absl::ascii_isalpha(static_cast<unsigned char>(s[digits]))) return false;
  } else {
    while (letters < s.size() && absl::ascii_isalpha(static_cast<unsigned char>(s[letters]))) {
      ++letters;
    }
    if (letters != 1 || !IsNumber(s.substr(1))) return false;
  }
  *out = absl::AsciiStrToUpper(s);
  return true;
}

}  // namespace

absl::StatusOr<std::string> ToGcg(absl::string_view move) {
  if (absl::AsciiStrToLower(move) == "pass") return std::string("-");
  if (move.find('[') != absl::string_view::npos) {
    return absl::InvalidArgumentError("has a multi-letter tile: English has none");
  }
  const std::vector<absl::string_view> f = absl::StrSplit(move, '.');
  const std::string head = absl::AsciiStrToLower(f[0]);
  if (head == "ex") {
    if (f.size() < 2 || f.size() > 3) return absl::InvalidArgumentError("is not ex.TILES[.RACK]");
    if (IsNumber(f[1])) {
      return absl::InvalidArgumentError("exchanges tiles not named (see UnnamedExchange)");
    }
    if (!IsTiles(f[1], true) || (f.size() == 3 && !IsTiles(f[2], true))) {
      return absl::InvalidArgumentError("has tiles that are not letters or ?");
    }
    return absl::StrCat("-", absl::AsciiStrToUpper(f[1]));
  }
  if (head == "phony") {
    std::string coord;
    if (f.size() != 3 || !Coordinate(f[1], &coord) || !IsTiles(f[2], false)) {
      return absl::InvalidArgumentError("is not phony.COORD.TILES");
    }
    return std::string("-");  // the board as it was; the turn lost
  }
  std::string coord;
  if (f.size() < 2 || f.size() > 5 || !Coordinate(f[0], &coord)) {
    return absl::InvalidArgumentError(
        "is not a move: COORD.TILES (8D.WORD across, D8.WORD down), ex.TILES, pass or "
        "phony.COORD.TILES");
  }
  if (!IsTiles(f[1], false)) return absl::InvalidArgumentError("has tiles that are not letters");
  if (f.size() >= 3 && !IsTiles(f[2], true)) {
    return absl::InvalidArgumentError("has a rack that is not letters or ?");
  }
  for (size_t i = 3; i < f.size(); ++i) {
    if (!IsNumber(f[i])) return absl::InvalidArgumentError("has a challenge field not a number");
  }
  return absl::StrCat(coord, " ", f[1]);
}

std::optional<int> UnnamedExchange(absl::string_view move) {
  const std::vector<absl::string_view> f = absl::StrSplit(move, '.');
  int n = 0;
  if (f.size() != 2 || !absl::EqualsIgnoreCase(f[0], "ex") || !IsNumber(f[1]) ||
      !absl::SimpleAtoi(f[1], &n)) {
    return std::nullopt;
  }
  return n;
}

std::string FromGcg(absl::string_view move) {
  if (move == "-") return "pass";
  if (!move.empty() && move[0] == '-') return absl::StrCat("ex.", move.substr(1));
  const size_t space = move.find(' ');
  if (space == absl::string_view::npos) return std::string(move);
  return absl::StrCat(move.substr(0, space), ".", move.substr(space + 1));
}

}  // namespace kibitzer::cli::siu
