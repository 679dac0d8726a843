#include "engine/games/tictactoe/notation.h"

#include <bit>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace kibitzer::tictactoe {
namespace {

absl::Status Bad(absl::string_view field, absl::string_view why) {
  return absl::InvalidArgumentError(absl::StrCat(field, ": ", why));
}

// Checks that the piece counts and lines can arise from play with x first.
absl::Status CheckReachable(const Board& b) {
  const int xs = std::popcount(static_cast<unsigned>(b.x()));
  const int os = std::popcount(static_cast<unsigned>(b.o()));
  if (xs != os && xs != os + 1) {
    return Bad("notation", absl::StrCat("x has ", xs, " pieces and o has ", os,
                                        "; x moves first, so x has as many as o or one more"));
  }
  Board only_x(b.size()), only_o(b.size());
  for (int s = 0; s < b.squares(); ++s) {
    if ((b.x() >> s) & 1) only_x.Put(s, Player::kX);
    if ((b.o() >> s) & 1) only_o.Put(s, Player::kO);
  }
  const bool x_won = only_x.GetWinner() == Winner::kX;
  const bool o_won = only_o.GetWinner() == Winner::kO;
  if (x_won && o_won) return Bad("notation", "both x and o have a winning line");
  if (x_won && xs != os + 1) {
    return Bad("notation",
               "x has a winning line but o moved after it (x must have one piece more)");
  }
  if (o_won && xs != os) {
    return Bad("notation",
               "o has a winning line but x moved after it (o must have as many pieces)");
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Board> ParsePosition(absl::string_view notation, int size) {
  const int squares = size * size;
  absl::string_view text = absl::StripAsciiWhitespace(notation);
  Board board(size);
  if (text.empty()) return board;

  absl::string_view board_text = text;
  absl::string_view side_text;
  if (const size_t space = text.find_first_of(" \t"); space != absl::string_view::npos) {
    board_text = text.substr(0, space);
    side_text = absl::StripAsciiWhitespace(text.substr(space));
  }
  int square = 0;
  for (size_t i = 0; i < board_text.size(); ++i) {
    const char c = board_text[i];
    if (c == '/') continue;
    if (square >= squares) {
      return Bad("notation", absl::StrCat("the board has more than ", squares, " squares (", size,
                                          "x", size, " variant)"));
    }
    switch (c) {
      case 'x':
      case 'X':
        board.Put(square, Player::kX);
        break;
      case 'o':
      case 'O':
        board.Put(square, Player::kO);
        break;
      case '.':
      case '-':
      case '_':
        break;
      default:
        return Bad("notation", absl::StrCat("character '", std::string(1, c), "' at offset ", i,
                                            " is not x, o or ."));
    }
    ++square;
  }
  if (square != squares) {
    return Bad("notation", absl::StrCat("the board has ", square, " squares; the ", size, "x", size,
                                        " variant needs ", squares));
  }
  if (absl::Status s = CheckReachable(board); !s.ok()) return s;
  if (!side_text.empty()) {
    const std::string side = absl::AsciiStrToLower(side_text);
    if (side != "x" && side != "o") {
      return Bad("notation", absl::StrCat("side to move '", side_text, "' is not x or o"));
    }
    const char expected = PlayerChar(board.ToMove());
    if (side[0] != expected) {
      return Bad("notation",
                 absl::StrCat("side to move '", side, "' does not fit the board: x has ",
                              std::popcount(static_cast<unsigned>(board.x())), " pieces and o has ",
                              std::popcount(static_cast<unsigned>(board.o())), ", so ",
                              std::string(1, expected), " moves"));
    }
  }
  return board;
}

std::string FormatPosition(const Board& board) {
  std::string out;
  for (int s = 0; s < board.squares(); ++s) {
    out += ((board.x() >> s) & 1) ? 'x' : ((board.o() >> s) & 1) ? 'o' : '.';
  }
  out += ' ';
  out += PlayerChar(board.ToMove());
  return out;
}

absl::StatusOr<Board::Move> ParseSquare(absl::string_view text, int size, absl::string_view field) {
  const std::string t = absl::AsciiStrToLower(absl::StripAsciiWhitespace(text));
  const std::string range = absl::StrCat("a1..", std::string(1, static_cast<char>('a' + size - 1)),
                                         size, " or 1..", size * size);
  int number = 0;
  if (absl::SimpleAtoi(t, &number)) {
    if (number < 1 || number > size * size) {
      return Bad(field, absl::StrCat("'", text, "' is not a square of the ", size, "x", size,
                                     " board (", range, ")"));
    }
    return static_cast<Board::Move>(number - 1);
  }
  if (t.size() == 2 && t[0] >= 'a' && t[0] < 'a' + size && t[1] >= '1' && t[1] < '1' + size) {
    return static_cast<Board::Move>((t[1] - '1') * size + (t[0] - 'a'));
  }
  return Bad(field, absl::StrCat("'", text, "' is not a square of the ", size, "x", size,
                                 " board (", range, ")"));
}

std::string FormatMove(Board::Move move, int size) {
  std::string out;
  out += static_cast<char>('a' + move % size);
  out += static_cast<char>('1' + move / size);
  return out;
}

}  // namespace kibitzer::tictactoe
