// The static player's move (the highest equity: score plus the leave's value, players.h) without
// generating every placement. Each anchor's placements are bounded by its shadow
// (MoveGenerator::Shadows: a bound on the score by tiles placed) plus the best value a leave of
// the tiles then left can have; the anchors are generated best bound first, and the rest are
// skipped once none can reach the best found. Exchanges and the pass are valued one by one.
//
// The move is exactly BestIndex's over GenerateAll: the highest equity and, among equals, the
// first in generation order (anchors keep that order among themselves: a tie is settled by it).
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <vector>

#include "engine/games/scrabble/movegen/movegen.h"
#include "engine/games/scrabble/rules/position.h"

namespace kibitzer::scrabble {

class StaticBest {
 public:
  // The best move of the side to move (its rack known); `nodes` gains the moves generated.
  // Placements stop being looked at once one is found worth more than `enough` (that a move
  // beats it is then all that is known: the answer may not be the best).
  Move Choose(const Position& pos, MoveGenerator& gen, uint64_t* nodes,
              double enough = std::numeric_limits<double>::infinity());
  // The equity of the move chosen.
  double equity() const { return equity_; }
  // How many of the last position's anchors were generated, of how many.
  int anchors_generated() const { return generated_; }
  int anchors() const { return static_cast<int>(shadows_.size()); }

 private:
  // The value of every part of the rack that can be kept (by LeaveIndex), and the best by size.
  void ValueLeaves(const Position& pos);
  // The index of what a placement or an exchange keeps.
  int LeaveIndex(const Move& m) const;

  std::vector<MoveGenerator::Shadow> shadows_;
  std::vector<std::pair<double, uint32_t>> order_;  // -bound, shadow
  std::vector<Move> moves_;
  // A part of the rack as an index: each kind's count kept times its radix.
  std::array<int, kTileKinds> radix_{};
  int full_ = 0;  // the whole rack's index
  std::array<double, 1 << kRackSize> leave_{};
  std::array<double, kRackSize + 1> best_leave_{};  // by tiles kept
  double equity_ = 0;
  int generated_ = 0;
};

}  // namespace kibitzer::scrabble
