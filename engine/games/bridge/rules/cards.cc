#include "engine/games/bridge/rules/cards.h"

#include "absl/strings/ascii.h"

namespace kibitzer::bridge {

char SuitChar(int suit) { return "SHDCN"[suit]; }

char RankChar(int rank) { return "??23456789TJQKA"[rank]; }

char SeatChar(int seat) { return "NESW"[seat]; }

std::optional<int> ParseSuit(char c) {
  switch (absl::ascii_toupper(static_cast<unsigned char>(c))) {
    case 'S':
      return kSpades;
    case 'H':
      return kHearts;
    case 'D':
      return kDiamonds;
    case 'C':
      return kClubs;
    default:
      return std::nullopt;
  }
}

std::optional<int> ParseStrain(absl::string_view text) {
  const std::string t = absl::AsciiStrToUpper(text);
  if (t == "N" || t == "NT") return kNoTrump;
  if (t.size() == 1) return ParseSuit(t[0]);
  return std::nullopt;
}

std::optional<int> ParseRank(absl::string_view text) {
  if (text == "10") return 10;
  if (text.size() != 1) return std::nullopt;
  const char c = absl::ascii_toupper(static_cast<unsigned char>(text[0]));
  switch (c) {
    case 'A':
      return 14;
    case 'K':
      return 13;
    case 'Q':
      return 12;
    case 'J':
      return 11;
    case 'T':
      return 10;
    default:
      break;
  }
  if (c >= '2' && c <= '9') return c - '0';
  return std::nullopt;
}

std::optional<int> ParseSeat(absl::string_view text) {
  const std::string t = absl::AsciiStrToUpper(text);
  if (t == "N") return kNorth;
  if (t == "E") return kEast;
  if (t == "S") return kSouth;
  if (t == "W") return kWest;
  return std::nullopt;
}

std::optional<int> ParseCard(absl::string_view text) {
  if (text.size() < 2) return std::nullopt;
  const std::optional<int> suit = ParseSuit(text[0]);
  const std::optional<int> rank = ParseRank(text.substr(1));
  if (!suit || !rank) return std::nullopt;
  return MakeCard(*suit, *rank);
}

std::string CardName(int card) {
  return std::string{SuitChar(SuitOf(card)), RankChar(RankOf(card))};
}

}  // namespace kibitzer::bridge
