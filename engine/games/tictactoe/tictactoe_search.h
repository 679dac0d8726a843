// The tic-tac-toe search task: iterative-deepening alpha-beta with a transposition table over the
// chosen root moves, and (for trees small enough) the node counts of plain minimax and of plain
// alpha-beta on the same position, so the seed lecture's point about pruning shows.
#pragma once

#include <memory>
#include <vector>

#include "engine/core/game.h"
#include "engine/games/tictactoe/board.h"

namespace kibitzer::tictactoe {

struct TicTacToeSearchOptions {
  core::SearchSpec spec;
  std::vector<Board::Move> root_moves;  // checked legal, in the game's order
  bool use_tt = true;
  bool compare_minimax = true;
};

std::unique_ptr<core::SearchTask> MakeSearchTask(const Board& board,
                                                 TicTacToeSearchOptions options);

// The client-facing value of a search value `v` of a move made from `board` (see GameInfo).
core::MoveValue DescribeValue(const Board& board, int v, core::Bound bound);

// Trees with at most this many empty squares get the minimax comparison.
inline constexpr int kMaxEmptyForMinimax = 9;

}  // namespace kibitzer::tictactoe
