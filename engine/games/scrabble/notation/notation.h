// What users bring: CGP positions and GCG game records, read and written.
//
// CGP: `<board> <racks> <scores> <zero turns> [opcodes]`, the board rows 1..15 separated by '/',
// each row's tiles from column A (upper case, a blank's letter lower case) with a number for a run
// of empty squares; the racks of the player to move and of the opponent separated by '/' (either
// may be empty: not known; '?' a blank); the scores in the same order; the count of consecutive
// scoreless turns; opcodes `lex NAME;`, `ld english;` and kibitzer's own `bag TILES;` (the bag's
// tiles in drawing order, when known: a full layout).
//
// GCG (Poslfit's format): pragmas `#player1 NICK Name`, `#player2 ...`, `#lexicon NAME`,
// `#rack1 RACK`, `#rack2 RACK` (others ignored), and a line per move
// `>NICK: RACK MOVE +SCORE TOTAL` with MOVE `8D WORD`, `D8 WORD`, `-ABC` or `-`, and the
// end-of-game lines `>NICK: RACK (TILES) +N TOTAL`.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/games/scrabble/rules/position.h"

namespace kibitzer::scrabble {

struct Cgp {
  std::array<std::array<Tile, kDim>, kDim> board{};
  std::array<std::optional<Rack>, 2> racks;  // mover's, opponent's; empty: not known
  std::array<int, 2> scores{};               // mover's, opponent's
  int zero_turns = 0;
  std::string lexicon;                      // "" when no `lex` opcode
  std::optional<std::vector<uint8_t>> bag;  // `bag TILES;` (kibitzer's): the bag in drawing order
};

// Errors name `field` and the part at fault.
absl::StatusOr<Cgp> ParseCgp(std::string_view text, const std::string& field);
// Sets up `pos` (a new position whose side to move is set) as `cgp` says: board, racks and
// scores listed from the side to move, scoreless turns, then Finish, then the bag's order when
// the CGP gives it. Errors name `field`.
absl::Status ApplyCgp(const Cgp& cgp, Position* pos, const std::string& field);
// The canonical CGP of `pos` (with `lex NAME;`).
std::string FormatCgp(const Position& pos);

struct GcgLine {
  // A move; an end-of-game adjustment "(TILES)"; the previous play withdrawn as a phony ("--",
  // the score taken back); a challenge bonus "(challenge)"; a time penalty "(time)".
  enum Kind { kMove, kEnd, kWithdrawn, kChallengeBonus, kTimePenalty };
  int number = 0;  // line number in the text
  int seat = 0;
  std::optional<Rack> rack;  // all of the rack, or (as some records give it) only tiles played
  std::string move;          // as written: "8D WORD", "-ABC", "-", "--", "(TILES)", "(time)"
  Kind kind = kMove;
  int score = 0;
  int total = 0;
};

struct Gcg {
  std::array<std::string, 2> nicks;
  std::array<std::string, 2> names;
  std::string lexicon;
  std::array<std::optional<Rack>, 2> final_racks;  // #rack1, #rack2
  std::vector<GcgLine> lines;
};

// Whether `text` looks like a GCG record rather than a CGP position.
bool LooksLikeGcg(std::string_view text);
absl::StatusOr<Gcg> ParseGcg(std::string_view text, const std::string& field);
// The record of `pos` from the start, players "p1"/"p2" unless named.
std::string FormatGcg(const Position& pos, const std::array<std::string, 2>& nicks);

}  // namespace kibitzer::scrabble
