#include "engine/games/tictactoe/tictactoe_game.h"

#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "engine/games/tictactoe/notation.h"
#include "engine/games/tictactoe/tictactoe_search.h"

namespace kibitzer::tictactoe {
namespace {

// The search options, declared once, bound to the search's own settings.
const core::OptionSet<TicTacToeSearchOptions>& SearchOptionSet() {
  using O = TicTacToeSearchOptions;
  static const core::OptionSet<O> kSet =
      core::OptionSet<O>()
          .Bool("use_tt", &O::use_tt, true,
                "Use the transposition table (values are the same either way; node counts "
                "differ).")
          .Bool("compare_minimax", &O::compare_minimax, true,
                "Also count the nodes of plain minimax and plain alpha-beta (no table) for "
                "positions with at most 9 empty squares, reported as statistics.");
  return kSet;
}

core::GameInfo MakeInfo() {
  core::GameInfo info;
  info.name = "tictactoe";
  info.display_name = "Tic-tac-toe";
  info.description =
      "The smallest perfect-information game, the reference for the protocol and the search core. "
      "Analysis is exact: iterative-deepening alpha-beta with a transposition table, and the node "
      "counts of plain minimax and plain alpha-beta on the same position for comparison.";
  info.variants = {{"standard", "3x3 board, three in a row wins, x moves first"},
                   {"4x4", "4x4 board, four in a row wins, x moves first"}};
  info.search_options = SearchOptionSet().specs();
  info.position_notation =
      "The board row by row from the top-left, one character a square: x, o or '.' (rows may be "
      "separated by '/'), then optionally a space and the side to move. Empty means the empty "
      "board. Example: \"x...o.... x\" (canonical) or \"x../.o./... x\".";
  info.example_position = "x...o.... x";
  info.move_notation =
      "A square as column letter and row number: a1 is the top-left, c3 the bottom-right (d4 on "
      "4x4); the square's number 1..9 (1..16) in row-major order is accepted too.";
  info.seats = {"x", "o"};
  info.hidden_information = false;
  info.value_description =
      "For the side to move: 1 win, 0 draw, -1 loss when exact; a heuristic estimate strictly "
      "between -1 and 1 (open lines for the mover minus open lines for the opponent, divided by "
      "20) when the search stopped at a depth limit.";
  return info;
}

}  // namespace

const char* VariantName(int size) { return size == 4 ? "4x4" : "standard"; }

int VariantSize(std::string_view variant) {
  if (variant.empty() || variant == "standard" || variant == "3x3") return 3;
  if (variant == "4x4") return 4;
  return 0;
}

core::PositionSpec TicTacToeState::Normalized() const {
  core::PositionSpec spec;
  spec.variant = VariantName(board_.size());
  spec.notation = FormatPosition(board_);
  spec.seat = seat_;
  return spec;
}

std::string TicTacToeState::SideToMove() const {
  if (board_.IsTerminal()) return "";
  return std::string(1, PlayerChar(board_.ToMove()));
}

std::vector<std::string> TicTacToeState::LegalMoves() const {
  std::vector<std::string> moves;
  if (board_.IsTerminal()) return moves;
  for (int s = 0; s < board_.squares(); ++s) {
    if (board_.IsEmptySquare(s))
      moves.push_back(FormatMove(static_cast<Board::Move>(s), board_.size()));
  }
  return moves;
}

std::string TicTacToeState::Outcome() const {
  switch (board_.GetWinner()) {
    case Winner::kX:
      return "x wins";
    case Winner::kO:
      return "o wins";
    case Winner::kNone:
      return board_.Full() ? "draw" : "";
  }
  return "";
}

core::Knowledge TicTacToeState::GetKnowledge() const {
  core::Knowledge k;
  k.known.push_back("the whole board: tic-tac-toe has no hidden information");
  return k;
}

TicTacToeGame::TicTacToeGame() : info_(MakeInfo()) {}

absl::StatusOr<std::unique_ptr<TicTacToeState>> TicTacToeGame::SetupState(
    const core::PositionSpec& spec) const {
  const int size = VariantSize(spec.variant);
  if (size == 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("variant: unknown variant '", spec.variant, "' (known: standard, 4x4)"));
  }
  if (!spec.options.empty()) {
    return absl::InvalidArgumentError(absl::StrCat("options[", spec.options.begin()->first,
                                                   "]: tic-tac-toe has no position options"));
  }
  std::string seat = absl::AsciiStrToLower(spec.seat);
  if (!seat.empty() && seat != "x" && seat != "o") {
    return absl::InvalidArgumentError(
        absl::StrCat("seat: '", spec.seat, "' is not a seat of tic-tac-toe (x or o)"));
  }
  absl::StatusOr<Board> board = ParsePosition(spec.notation, size);
  if (!board.ok()) return board.status();
  for (size_t i = 0; i < spec.moves.size(); ++i) {
    const std::string field = absl::StrCat("moves[", i, "]");
    absl::StatusOr<Board::Move> m = ParseSquare(spec.moves[i], size, field);
    if (!m.ok()) return m.status();
    if (board->IsTerminal()) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": '", spec.moves[i], "' is not legal: the game is over"));
    }
    if (!board->IsEmptySquare(*m)) {
      return absl::InvalidArgumentError(absl::StrCat(
          field, ": '", spec.moves[i], "' is not legal: ", FormatMove(*m, size), " is taken"));
    }
    board->Play(*m);
  }
  return std::make_unique<TicTacToeState>(*board, std::move(seat));
}

absl::StatusOr<core::DealResult> TicTacToeGame::DealState(const TicTacToeState& state,
                                                          const core::DealSpec& spec) const {
  return core::DealOfFullLayout(state, spec, "tic-tac-toe has no hidden cards");
}

absl::StatusOr<std::unique_ptr<core::SearchTask>> TicTacToeGame::PrepareState(
    const TicTacToeState& state, const core::SearchSpec& spec) const {
  const TicTacToeState* s = &state;
  absl::StatusOr<TicTacToeSearchOptions> options = SearchOptionSet().Parse(spec.options, "options");
  if (!options.ok()) return options.status();
  const Board& board = s->board();
  if (board.IsTerminal()) {
    return absl::InvalidArgumentError(absl::StrCat("position: the game is over (", s->Outcome(),
                                                   "); there is no move to search"));
  }

  if (spec.limits.samples != 0) {
    return absl::InvalidArgumentError(
        "limits.samples: tic-tac-toe has no hidden information to sample; leave it 0");
  }
  if (absl::Status f = core::NoFixedCards(spec, "tic-tac-toe has no hidden cards"); !f.ok()) {
    return f;
  }

  TicTacToeSearchOptions opts = *std::move(options);
  opts.spec = spec;
  Board::Move moves[Board::kMaxMoves];
  const int count = board.GenerateMoves(moves);
  if (spec.limits.candidate_moves.empty()) {
    opts.root_moves.assign(moves, moves + count);
  } else {
    std::vector<bool> wanted(board.squares(), false);
    for (size_t i = 0; i < spec.limits.candidate_moves.size(); ++i) {
      const std::string field = absl::StrCat("limits.candidate_moves[", i, "]");
      absl::StatusOr<Board::Move> m =
          ParseSquare(spec.limits.candidate_moves[i], board.size(), field);
      if (!m.ok()) return m.status();
      if (!board.IsEmptySquare(*m)) {
        return absl::InvalidArgumentError(
            absl::StrCat(field, ": '", spec.limits.candidate_moves[i],
                         "' is not legal: ", FormatMove(*m, board.size()), " is taken"));
      }
      wanted[*m] = true;
    }
    for (int i = 0; i < count; ++i) {
      if (wanted[moves[i]]) opts.root_moves.push_back(moves[i]);
    }
  }
  return MakeSearchTask(board, std::move(opts));
}

}  // namespace kibitzer::tictactoe
