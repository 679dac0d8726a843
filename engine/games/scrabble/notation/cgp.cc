// CGP positions in and out.
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/core/quote.h"
#include "engine/games/scrabble/notation/notation.h"

namespace kibitzer::scrabble {
namespace {

// A score's bound, checked without std::abs (which overflows on the most negative int).
bool ScoreInRange(int score) { return score >= -100000 && score <= 100000; }

absl::Status Bad(const std::string& field, const std::string& what) {
  return absl::InvalidArgumentError(absl::StrCat(field, ": ", what));
}

absl::Status ParseRow(const std::string& row, int r, Cgp& cgp, const std::string& field) {
  int col = 0;
  for (size_t i = 0; i < row.size();) {
    const char c = row[i];
    if (absl::ascii_isdigit(static_cast<unsigned char>(c))) {
      int run = 0;
      while (i < row.size() && absl::ascii_isdigit(static_cast<unsigned char>(row[i]))) {
        run = run * 10 + (row[i] - '0');
        if (run > kDim) break;
        ++i;
      }
      if (run == 0 || col + run > kDim) {
        return Bad(field, absl::StrCat("board row ", r + 1, " ", core::Quote(row),
                                       " has more than 15 squares"));
      }
      col += run;
      continue;
    }
    const Letter l = LetterOfChar(c);
    if (l == 0) {
      return Bad(field, absl::StrCat("board row ", r + 1, " has ",
                                     core::Quote(std::string_view(row).substr(i, 1)),
                                     ", not a tile or a count of empty squares"));
    }
    if (col == kDim) {
      return Bad(field, absl::StrCat("board row ", r + 1, " ", core::Quote(row),
                                     " has more than 15 squares"));
    }
    cgp.board[r][col++] = absl::ascii_isupper(static_cast<unsigned char>(c)) ? l : (l | kBlankBit);
    ++i;
  }
  if (col != kDim) {
    return Bad(field, absl::StrCat("board row ", r + 1, " ", core::Quote(row), " has ", col,
                                   " squares, not 15"));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Cgp> ParseCgp(std::string_view text, const std::string& field) {
  const std::vector<std::string> parts =
      absl::StrSplit(absl::StripAsciiWhitespace(absl::string_view(text.data(), text.size())),
                     absl::ByAnyChar(" \t\n\r"), absl::SkipEmpty());
  if (parts.size() < 4) {
    return Bad(field,
               "a CGP position is <board> <racks> <scores> <scoreless turns> [opcodes], e.g. "
               "'15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0'");
  }
  Cgp cgp;
  const std::vector<std::string> rows = absl::StrSplit(parts[0], '/');
  if (rows.size() != kDim) {
    return Bad(field, absl::StrCat("the board has ", rows.size(), " rows, not 15"));
  }
  for (int r = 0; r < kDim; ++r) {
    if (absl::Status s = ParseRow(rows[r], r, cgp, field); !s.ok()) return s;
  }
  const std::vector<std::string> racks = absl::StrSplit(parts[1], '/');
  if (racks.size() != 2) {
    return Bad(field, absl::StrCat("racks ", core::Quote(parts[1]),
                                   ": write the mover's and the opponent's, separated by '/'"));
  }
  for (int i = 0; i < 2; ++i) {
    if (racks[i].empty()) continue;
    absl::StatusOr<Rack> rack =
        ParseRack(racks[i], kRackSize, absl::StrCat(field, ": rack ", i + 1));
    if (!rack.ok()) return rack.status();
    cgp.racks[i] = *rack;
  }
  const std::vector<std::string> scores = absl::StrSplit(parts[2], '/');
  if (scores.size() != 2 || !absl::SimpleAtoi(scores[0], &cgp.scores[0]) ||
      !absl::SimpleAtoi(scores[1], &cgp.scores[1]) || !ScoreInRange(cgp.scores[0]) ||
      !ScoreInRange(cgp.scores[1])) {
    return Bad(field, absl::StrCat("scores ", core::Quote(parts[2]),
                                   ": write the mover's and the opponent's, e.g. 0/0"));
  }
  std::string zero = parts[3];
  if (parts.size() == 4 && !zero.empty() && zero.back() == ';') zero.pop_back();  // "0;": no opcode
  if (!absl::SimpleAtoi(zero, &cgp.zero_turns) || cgp.zero_turns < 0 || cgp.zero_turns > 100) {
    return Bad(field,
               absl::StrCat("scoreless turns ", core::Quote(parts[3]), ": a count from 0, e.g. 0"));
  }
  // Opcodes: NAME ARGS; ...
  std::string rest;
  for (size_t i = 4; i < parts.size(); ++i) absl::StrAppend(&rest, i > 4 ? " " : "", parts[i]);
  for (const absl::string_view op : absl::StrSplit(rest, ';', absl::SkipWhitespace())) {
    const std::vector<std::string> words = absl::StrSplit(op, ' ', absl::SkipWhitespace());
    if (words[0] == "lex" && words.size() == 2) {
      cgp.lexicon = std::string(words[1]);
    } else if (words[0] == "bag" && words.size() <= 2) {
      std::vector<uint8_t> kinds;
      const std::string tiles = words.size() == 2 ? words[1] : "";
      for (char c : tiles) {
        const int k = KindOfRackChar(c);
        if (k < 0 || kinds.size() == kTotalTiles) {
          return Bad(field, absl::StrCat("opcode bag: ", core::Quote(tiles),
                                         " is not the bag's tiles (A..Z, ? a blank)"));
        }
        kinds.push_back(static_cast<uint8_t>(k));
      }
      cgp.bag = std::move(kinds);
    } else if (words[0] == "ld" && words.size() == 2 &&
               absl::AsciiStrToLower(words[1]) == "english") {
    } else {
      return Bad(field, absl::StrCat("opcode ", core::Quote(std::string(op)),
                                     " is not known (known: lex NAME; ld english; bag TILES;)"));
    }
  }
  if (rest.find_last_not_of(" ") != std::string::npos && rest.back() != ';') {
    return Bad(field, "an opcode ends with ';' (e.g. 'lex SCOWL80;')");
  }
  return cgp;
}

absl::Status ApplyCgp(const Cgp& cgp, Position* pos, const std::string& field) {
  for (int r = 0; r < kDim; ++r) {
    for (int c = 0; c < kDim; ++c) pos->mutable_board().Set(r, c, cgp.board[r][c]);
  }
  pos->SetScores(cgp.scores[0], cgp.scores[1]);
  pos->SetZeroTurns(cgp.zero_turns);
  for (int i = 0; i < 2; ++i) {
    if (cgp.racks[i].has_value()) pos->SetRack((pos->to_move() + i) % 2, *cgp.racks[i]);
  }
  if (absl::Status s = pos->Finish(field); !s.ok()) return s;
  if (cgp.bag.has_value()) return pos->SetBag(*cgp.bag, field + ": opcode bag");
  return absl::OkStatus();
}

std::string FormatCgp(const Position& pos) {
  std::vector<std::string> rows;
  for (int r = 0; r < kDim; ++r) {
    std::string row;
    int run = 0;
    for (int c = 0; c < kDim; ++c) {
      const Tile t = pos.board().at(r, c);
      if (t == kEmpty) {
        ++run;
        continue;
      }
      if (run > 0) absl::StrAppend(&row, run);
      run = 0;
      row.push_back(TileChar(t));
    }
    if (run > 0) absl::StrAppend(&row, run);
    rows.push_back(std::move(row));
  }
  const int me = pos.to_move(), other = 1 - me;
  const auto rack = [&](int seat) {
    return pos.side(seat).known ? FormatRack(pos.side(seat).rack) : std::string();
  };
  std::string out =
      absl::StrCat(absl::StrJoin(rows, "/"), " ", rack(me), "/", rack(other), " ", pos.score(me),
                   "/", pos.score(other), " ", pos.zero_turns(), " lex ", pos.lexicon(), ";");
  if (pos.bag_known() && pos.bag_size() > 0) {
    absl::StrAppend(&out, " bag ");
    for (uint8_t k : pos.bag()) out.push_back(RackChar(k));
    absl::StrAppend(&out, ";");
  }
  return out;
}

}  // namespace kibitzer::scrabble
