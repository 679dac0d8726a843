// Scrabble's tiles: letters, the blank, the English tile set and racks as counts.
//
// A letter is 1..26 (A..Z). A tile on the board is its letter, with kBlankBit set when a blank
// stands for it; 0 is an empty square. In a rack, index 0 counts blanks and 1..26 the letters.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace kibitzer::scrabble {

using Letter = uint8_t;
using Tile = uint8_t;

constexpr int kLetters = 26;
constexpr int kTileKinds = 27;  // the blank (0) and A..Z
constexpr Letter kBlank = 0;
constexpr Tile kEmpty = 0;
constexpr Tile kBlankBit = 0x40;
constexpr int kRackSize = 7;
constexpr int kBingoBonus = 50;
constexpr int kTotalTiles = 100;

constexpr Letter LetterOf(Tile t) { return t & 0x3f; }
constexpr bool IsBlankTile(Tile t) { return (t & kBlankBit) != 0; }

// The English tile set: how many of each kind, blank first.
constexpr std::array<uint8_t, kTileKinds> kDistribution = {
    2, 9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8, 2, 1, 6, 4, 6, 4, 2, 2, 1, 2, 1};
// Face values, blank first.
constexpr std::array<uint8_t, kTileKinds> kValues = {0, 1, 3, 3,  2, 1, 4, 2, 4, 1, 8, 5, 1, 3,
                                                     1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10};

// The points a tile on the board scores before premiums: 0 for a blank.
constexpr int TileScore(Tile t) { return IsBlankTile(t) ? 0 : kValues[LetterOf(t)]; }

// 'A'..'Z' for a tile, 'a'..'z' for a blank standing for a letter.
char TileChar(Tile t);
// The letter of 'A'..'Z' or 'a'..'z', else 0.
Letter LetterOfChar(char c);

// A multiset of tiles (a rack, the unseen tiles, the bag's contents).
struct Rack {
  std::array<uint8_t, kTileKinds> count{};
  int size = 0;

  void Add(int kind, int n = 1) {
    count[kind] = static_cast<uint8_t>(count[kind] + n);
    size += n;
  }
  void Remove(int kind, int n = 1) {
    count[kind] = static_cast<uint8_t>(count[kind] - n);
    size -= n;
  }
  bool Contains(const Rack& other) const;
  void AddAll(const Rack& other);
  void RemoveAll(const Rack& other);  // other must be contained
  int Points() const;                 // the face values together
  bool operator==(const Rack& o) const { return count == o.count; }
};

Rack FullBag();
// The tiles both racks hold (of each kind the fewer).
Rack Common(const Rack& a, const Rack& b);
// Letters A..Z and '?' (a blank), case ignored; at most `max_size` tiles. Errors name `field`.
absl::StatusOr<Rack> ParseRack(std::string_view text, int max_size, const std::string& field);
// Letters in alphabetical order, blanks ('?') last.
std::string FormatRack(const Rack& rack);
// The kind in a rack of a tile text character: '?' the blank, a letter its letter; -1 otherwise.
int KindOfRackChar(char c);
char RackChar(int kind);

}  // namespace kibitzer::scrabble
