// A Scrabble move: a placement, an exchange or the pass, as a small value (no allocation).
#pragma once

#include <array>
#include <cstdint>

#include "engine/games/scrabble/rules/tiles.h"

namespace kibitzer::scrabble {

constexpr int kDim = 15;
enum Direction : uint8_t { kAcross = 0, kDown = 1 };

struct Move {
  enum Kind : uint8_t { kPlace, kExchange, kPass };
  Kind kind = kPass;
  // A placement's main word: on line `line` (the row across, the column down) from square `start`,
  // `length` squares; tiles[i] is the tile placed on its i-th square, 0 where the board's tile is.
  // An exchange: tiles[0..length) are the kinds returned (0 the blank).
  uint8_t dir = kAcross;
  uint8_t line = 0;
  uint8_t start = 0;
  uint8_t length = 0;
  uint8_t placed = 0;  // tiles from the rack
  int16_t score = 0;
  std::array<Tile, kDim> tiles{};

  int Row(int i) const { return dir == kAcross ? line : start + i; }
  int Col(int i) const { return dir == kAcross ? start + i : line; }
  // The tiles that leave the rack (a placement's or an exchange's).
  Rack Used() const;
  // The same move (the score aside).
  bool operator==(const Move& o) const {
    return kind == o.kind && dir == o.dir && line == o.line && start == o.start &&
           length == o.length && tiles == o.tiles;
  }
};

}  // namespace kibitzer::scrabble
