// Tic-tac-toe on an n x n board (n = 3, or 4 with four in a row), x moving first.
//
// The board is two bit masks; squares are numbered row-major from the top-left (0..n*n-1). The
// side to move follows from the piece counts. Play/Undo change the masks only; nothing allocates.
// Values are from the side to move's point of view: a finished game won by the other side is
// -(kWin - pieces on the board), so quicker wins score higher and a value depends on the position
// alone. Heuristic values (the seed lecture's evaluation: lines still open to the side to move
// minus lines still open to the opponent) stay far below kWin / 2.
#pragma once

#include <cstdint>

namespace kibitzer::tictactoe {

enum class Player : uint8_t { kX = 0, kO = 1 };
enum class Winner : uint8_t { kNone, kX, kO };

class Board {
 public:
  using Move = uint8_t;  // square index
  static constexpr int kMaxMoves = 16;
  static constexpr int kWin = 100;

  // `size` is 3 or 4.
  explicit Board(int size = 3);

  int size() const { return size_; }
  int squares() const { return size_ * size_; }
  uint16_t x() const { return x_; }
  uint16_t o() const { return o_; }
  uint16_t occupied() const { return x_ | o_; }
  int pieces() const;
  Player ToMove() const;
  Winner GetWinner() const;
  bool Full() const { return pieces() == squares(); }
  bool IsEmptySquare(int square) const { return ((occupied() >> square) & 1) == 0; }

  // Puts a piece of `player` on `square` (for building positions; no rules checked).
  void Put(int square, Player player);

  // --- NegamaxState ---
  int GenerateMoves(Move* out) const;
  void Play(Move m) {
    if (ToMove() == Player::kX) {
      x_ |= Bit(m);
    } else {
      o_ |= Bit(m);
    }
  }
  void Undo(Move m) {
    x_ &= ~Bit(m);
    o_ &= ~Bit(m);
  }
  bool IsTerminal() const { return GetWinner() != Winner::kNone || Full(); }
  int TerminalValue() const { return GetWinner() == Winner::kNone ? 0 : -(kWin - pieces()); }
  int Evaluate() const;
  uint64_t Key() const { return uint64_t{x_} | (uint64_t{o_} << 16) | (uint64_t(size_) << 32); }
  bool IsLegal(Move m) const { return m < squares() && IsEmptySquare(m) && !IsTerminal(); }
  static uint16_t EncodeMove(Move m) { return m; }
  static Move DecodeMove(uint16_t code) { return static_cast<Move>(code); }

  bool operator==(const Board&) const = default;

 private:
  static constexpr uint16_t Bit(int square) { return static_cast<uint16_t>(1u << square); }
  static bool HasLine(uint16_t pieces, const uint16_t* lines, int count);
  const uint16_t* lines() const;
  int line_count() const { return size_ == 3 ? 8 : 10; }

  int size_;
  uint16_t x_ = 0;
  uint16_t o_ = 0;
};

}  // namespace kibitzer::tictactoe
