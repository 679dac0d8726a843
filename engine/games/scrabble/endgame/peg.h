// The pre-endgame as crossword engines report it (SIU's `peg`, Macondo's and MAGPIE's): with 1 or
// 2 tiles in the bag, seen from the side to move. The tiles it cannot see are the other rack and
// the bag (a known other rack is not looked at); each possible draw (which of them are the bag's,
// the other rack the rest) is a layout, and a play that empties the bag reaches, in each, an
// endgame with both racks known, solved: whether it wins, ties or loses, by the endgame search in
// a window around the spread the other side must make up (EndgameSolver::Compare), far faster
// than the final spread itself. Plays are ranked by their chance of winning (draws half, each
// draw weighted by the ways its tiles can be drawn); a play that can no longer reach the best so
// far is given up.
//
// Plays that leave tiles in the bag (a one-tile play with two in the bag, a pass) are not valued:
// the other side would then move with the bag still holding tiles, a pre-endgame of its own.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/search_control.h"
#include "engine/games/scrabble/endgame/endgame.h"
#include "engine/games/scrabble/rules/position.h"

namespace kibitzer::scrabble {

struct PegDraw {
  Rack tiles;         // the bag's tiles in this layout
  uint64_t ways = 0;  // how many ways of drawing them from the unseen tiles
  std::string text;   // FormatRack(tiles)
};

struct PegPlay {
  Move move;
  static constexpr int8_t kUnsolved = 2;
  // Per draw (PegSolver::draws order): 1 the side to move wins, 0 a tie, -1 it loses, or
  // kUnsolved.
  std::vector<int8_t> outcome;
  uint64_t win_ways = 0, draw_ways = 0, loss_ways = 0;
  bool complete = false;  // every draw solved (else cut or stopped: the fields cover those solved)

  // Wins plus half the draws, in ways.
  double Points() const { return static_cast<double>(win_ways) + 0.5 * draw_ways; }
};

class PegSolver {
 public:
  // `pos`: 1 or 2 tiles in the bag, the side to move's rack known. `table_log2` sizes the
  // endgame solver's table.
  PegSolver(const Position& pos, int table_log2);

  // The plays valued: every placement that empties the bag.
  static std::vector<Move> Plays(const Position& pos);
  const std::vector<PegDraw>& draws() const { return draws_; }
  uint64_t total_ways() const { return total_ways_; }
  uint64_t nodes() const { return nodes_; }

  // Solves `m` over every draw, the most likely first. Gives up (complete false) when `control`
  // stops, or once the play cannot beat `to_beat` points (0: never).
  PegPlay Solve(const Move& m, core::SearchControl& control, double to_beat);

 private:
  Position pos_;  // the side to move's view, recording off
  std::vector<PegDraw> draws_;
  uint64_t total_ways_ = 0;
  EndgameSolver solver_;
  uint64_t nodes_ = 0;
};

}  // namespace kibitzer::scrabble
