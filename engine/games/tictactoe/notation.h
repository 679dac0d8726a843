// Tic-tac-toe notation.
//
// Position: the board row by row from the top-left, one character a square ('x', 'o', '.'; also
// 'X', 'O', '-', '_'), rows optionally separated by '/', then optionally a space and the side to
// move ('x' or 'o'). Canonical form: "x...o.... x" (no separators, lower case, side given).
// Move: a square as column letter and row number, "a1" the top-left, "c3" the bottom-right of the
// 3x3 board ("d4" on 4x4); a square's number 1..n*n in row-major order is accepted too.
#pragma once

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/games/tictactoe/board.h"

namespace kibitzer::tictactoe {

// Parses a position for an n x n board and checks that it can arise in play. Errors are
// INVALID_ARGUMENT, naming the field as "notation".
absl::StatusOr<Board> ParsePosition(absl::string_view notation, int size);
std::string FormatPosition(const Board& board);

// Parses a square in move notation; `field` names the request field in errors. Does not check
// that the square is empty.
absl::StatusOr<Board::Move> ParseSquare(absl::string_view text, int size, absl::string_view field);
std::string FormatMove(Board::Move move, int size);

inline char PlayerChar(Player p) { return p == Player::kX ? 'x' : 'o'; }

}  // namespace kibitzer::tictactoe
