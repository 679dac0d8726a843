// The 15x15 board: tiles, premium squares, and for move generation each empty square's cross-set
// (the letters that make a valid cross word there), cross score and whether it is an anchor, kept
// up to date as tiles are placed and taken back.
//
// Squares are also addressed by line: direction across, line = row and pos = column; direction
// down, line = column and pos = row. The cross-set of a square in a direction is what the word
// perpendicular to that direction allows.
#pragma once

#include <array>
#include <cstdint>

#include "engine/games/scrabble/lexicon/kwg.h"
#include "engine/games/scrabble/rules/move.h"
#include "engine/games/scrabble/rules/tiles.h"

namespace kibitzer::scrabble {

constexpr int kCentre = 7;
// Sets of lines as bit masks: bit dir * kDim + line (across rows 0..14, down columns 15..29).
constexpr uint32_t kAllLines = (1u << (2 * kDim)) - 1;
constexpr uint32_t LineBit(int dir, int line) { return 1u << (dir * kDim + line); }
constexpr uint32_t kAllLetters = ((1u << kLetters) - 1) << 1;

struct Premium {
  uint8_t letter = 1;  // 1, 2 or 3
  uint8_t word = 1;    // 1, 2 or 3
};
Premium PremiumAt(int row, int col);

class Board {
 public:
  Board();

  Tile at(int row, int col) const { return tiles_[kAcross][row][col]; }
  Tile At(int dir, int line, int pos) const { return tiles_[dir][line][pos]; }
  uint32_t CrossSet(int dir, int line, int pos) const { return cross_[dir][line][pos]; }
  int CrossScore(int dir, int line, int pos) const { return cross_score_[dir][line][pos]; }
  // Whether a tile placed there in direction `dir` forms a cross word.
  bool HasCross(int dir, int line, int pos) const { return has_cross_[dir][line][pos]; }
  bool Anchor(int dir, int line, int pos) const { return anchor_[dir][line][pos]; }
  const Premium& premium(int dir, int line, int pos) const { return premium_[dir][line][pos]; }
  int tile_count() const { return tile_count_; }
  bool empty() const { return tile_count_ == 0; }

  // Puts a tile without refreshing (setting up a position); call Refresh after.
  void Set(int row, int col, Tile t);
  // Recomputes every square's cross-set, cross score and anchor.
  void Refresh(const Kwg& kwg);
  // Places a placement's tiles (or takes them back) and refreshes the squares it affects.
  void Place(const Move& m, const Kwg& kwg);
  void Unplace(const Move& m, const Kwg& kwg);
  // Place that keeps what it overwrites, and the Unplace that puts it back rather than computing
  // it again (a search's make and undo: half the cross-set work).
  struct Saved {
    struct Square {
      uint8_t row, col;
      bool anchor;
      std::array<bool, 2> has_cross;
      std::array<int16_t, 2> cross_score;
      std::array<uint32_t, 2> cross;
    };
    std::array<Square, 32> squares;  // at most 4 + 3 a tile placed (ForAffected)
    int n = 0;                       // -1: the board's first tiles, refreshed whole
  };
  void Place(const Move& m, const Kwg& kwg, Saved* saved);
  void Unplace(const Move& m, const Kwg& kwg, const Saved& saved);
  // With `m` placed: the lines (LineBit) of every square whose tile, cross-sets, cross scores or
  // anchor flags placing or taking back `m` changes (every line for the board's first tiles).
  uint32_t LinesChangedBy(const Move& m) const;

 private:
  void RefreshSquare(int row, int col, const Kwg& kwg);
  void RefreshAround(const Move& m, const Kwg& kwg);
  // Puts a placement's tiles on the board (or takes them off), refreshing nothing.
  void SetTiles(const Move& m, bool placed);
  // Calls f(row, col) for the squares placing or taking back `m` affects (see RefreshAround),
  // `m` placed or not; false (f not called) for the first tiles, which affect every square.
  template <typename F>
  bool ForAffected(const Move& m, const F& f) const;

  std::array<std::array<std::array<Tile, kDim>, kDim>, 2> tiles_{};
  std::array<std::array<std::array<uint32_t, kDim>, kDim>, 2> cross_{};
  std::array<std::array<std::array<int16_t, kDim>, kDim>, 2> cross_score_{};
  std::array<std::array<std::array<bool, kDim>, kDim>, 2> has_cross_{};
  std::array<std::array<std::array<bool, kDim>, kDim>, 2> anchor_{};
  std::array<std::array<std::array<Premium, kDim>, kDim>, 2> premium_{};
  int tile_count_ = 0;
};

// The letters that can stand between `before` (the tiles just before the square, in order) and
// `after` (those just after) to make a word; either may be empty, not both.
uint32_t CrossSetOf(const Kwg& kwg, const Letter* before, int nb, const Letter* after, int na);

}  // namespace kibitzer::scrabble
