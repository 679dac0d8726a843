#include "engine/games/tictactoe/board.h"

#include <bit>

namespace kibitzer::tictactoe {
namespace {

constexpr uint16_t kLines3[8] = {
    0007, 0070, 0700,  // rows
    0111, 0222, 0444,  // columns
    0421, 0124,        // diagonals
};

constexpr uint16_t kLines4[10] = {
    0x000F, 0x00F0, 0x0F00, 0xF000,  // rows
    0x1111, 0x2222, 0x4444, 0x8888,  // columns
    0x8421, 0x1248,                  // diagonals
};

// The seed lecture's order: the centre (most winning lines), then corners, then edges.
constexpr uint8_t kOrder3[9] = {4, 0, 2, 6, 8, 1, 3, 5, 7};
constexpr uint8_t kOrder4[16] = {5, 6, 9, 10, 0, 3, 12, 15, 1, 2, 4, 7, 8, 11, 13, 14};

}  // namespace

Board::Board(int size) : size_(size == 4 ? 4 : 3) {}

int Board::pieces() const { return std::popcount(static_cast<unsigned>(occupied())); }

Player Board::ToMove() const {
  return std::popcount(static_cast<unsigned>(x_)) == std::popcount(static_cast<unsigned>(o_))
             ? Player::kX
             : Player::kO;
}

const uint16_t* Board::lines() const { return size_ == 3 ? kLines3 : kLines4; }

bool Board::HasLine(uint16_t pieces, const uint16_t* lines, int count) {
  for (int i = 0; i < count; ++i) {
    if ((pieces & lines[i]) == lines[i]) return true;
  }
  return false;
}

Winner Board::GetWinner() const {
  if (HasLine(x_, lines(), line_count())) return Winner::kX;
  if (HasLine(o_, lines(), line_count())) return Winner::kO;
  return Winner::kNone;
}

void Board::Put(int square, Player player) {
  Undo(static_cast<Move>(square));
  if (player == Player::kX) {
    x_ |= Bit(square);
  } else {
    o_ |= Bit(square);
  }
}

int Board::GenerateMoves(Move* out) const {
  const uint8_t* order = size_ == 3 ? kOrder3 : kOrder4;
  int n = 0;
  for (int i = 0; i < squares(); ++i) {
    if (IsEmptySquare(order[i])) out[n++] = order[i];
  }
  return n;
}

int Board::Evaluate() const {
  const uint16_t mine = ToMove() == Player::kX ? x_ : o_;
  const uint16_t theirs = ToMove() == Player::kX ? o_ : x_;
  int open_mine = 0;
  int open_theirs = 0;
  for (int i = 0; i < line_count(); ++i) {
    if ((lines()[i] & theirs) == 0) ++open_mine;
    if ((lines()[i] & mine) == 0) ++open_theirs;
  }
  return open_mine - open_theirs;
}

}  // namespace kibitzer::tictactoe
