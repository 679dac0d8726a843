// The tic-tac-toe module behind the type-erased Game interface: the reference for the protocol and
// the search core. Variants "standard" (3x3, three in a row) and "4x4" (four in a row).
#pragma once

#include <memory>

#include "engine/core/game.h"
#include "engine/games/tictactoe/board.h"

namespace kibitzer::tictactoe {

class TicTacToeState final : public core::GameState {
 public:
  TicTacToeState(const Board& board, std::string seat) : board_(board), seat_(std::move(seat)) {}
  const Board& board() const { return board_; }

  core::PositionSpec Normalized() const override;
  std::string SideToMove() const override;
  std::vector<std::string> LegalMoves() const override;
  bool IsTerminal() const override { return board_.IsTerminal(); }
  std::string Outcome() const override;
  core::Knowledge GetKnowledge() const override;

 private:
  Board board_;
  std::string seat_;
};

class TicTacToeGame final : public core::TypedGame<TicTacToeState> {
 public:
  TicTacToeGame();
  const core::GameInfo& Info() const override { return info_; }

 private:
  absl::StatusOr<std::unique_ptr<TicTacToeState>> SetupState(
      const core::PositionSpec& spec) const override;
  absl::StatusOr<core::DealResult> DealState(const TicTacToeState& state,
                                             const core::DealSpec& spec) const override;
  absl::StatusOr<std::unique_ptr<core::SearchTask>> PrepareState(
      const TicTacToeState& state, const core::SearchSpec& spec) const override;

  core::GameInfo info_;
};

// Name of the variant for a board size, and the reverse (0 when unknown).
const char* VariantName(int size);
int VariantSize(std::string_view variant);

}  // namespace kibitzer::tictactoe
