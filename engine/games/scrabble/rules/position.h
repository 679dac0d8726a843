// A Scrabble position: the board, both racks (each known or not), the bag (its order known or
// not), the scores, the consecutive scoreless turns and the rules, with every move applied and
// checked here, and the record of the moves applied (for GCG).
//
// Seats are 0 and 1 (written "1" and "2"). Tiles not on the board and not on a known rack are the
// pool: the unknown racks and the bag together. A rack not known holds as many tiles as the rules
// give it (7 while the pool allows); when only one rack is unknown and the bag is empty, that rack
// is the pool and becomes known.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/games/scrabble/lexicon/kwg.h"
#include "engine/games/scrabble/rules/board.h"
#include "engine/games/scrabble/rules/move.h"

namespace kibitzer::scrabble {

class LeaveTable;  // leaves/leave_table.h

struct Rules {
  bool classic_end =
      false;                // end=classic: the one who plays out gains the rack, the other loses it
  int exchange_min = 7;     // tiles the bag must hold for an exchange
  int scoreless_turns = 6;  // consecutive scoreless turns that end the game
};

struct Side {
  Rack rack;           // the tiles known to be on it: all of them when `known`
  bool known = false;  // every tile known (rack.size == size)
  int size = 0;        // tiles held, known or not
};

// One line of the record: a move with the rack it was made from, or an end-of-game adjustment.
struct RecordLine {
  int seat = 0;
  std::string rack;  // the rack before it ("" when not known)
  std::string move;  // GCG move text, or "(TILES)" for an end-of-game adjustment
  int score = 0;
  int total = 0;
};

class Position {
 public:
  // `leaves`: the lexicon's learned leave values; null: the hand-made ones (leaves/leave.h).
  Position(std::shared_ptr<const Kwg> kwg, std::string lexicon, Rules rules,
           std::shared_ptr<const LeaveTable> leaves = nullptr);

  const Board& board() const { return board_; }
  const Kwg& kwg() const { return *kwg_; }
  const std::shared_ptr<const Kwg>& kwg_ptr() const { return kwg_; }
  const LeaveTable* leaves() const { return leaves_.get(); }
  const std::string& lexicon() const { return lexicon_; }
  const Rules& rules() const { return rules_; }
  const Side& side(int seat) const { return sides_[seat]; }
  int score(int seat) const { return scores_[seat]; }
  int to_move() const { return to_move_; }
  int zero_turns() const { return zero_turns_; }
  int bag_size() const { return bag_size_; }
  bool bag_known() const { return bag_known_; }
  const std::vector<uint8_t>& bag() const { return bag_; }  // kinds in drawing order, when known
  bool over() const { return over_; }
  const std::vector<RecordLine>& record() const { return record_; }
  // For search: the record is dropped and moves applied from now on are not written down (Apply
  // then allocates nothing).
  void StopRecording() {
    record_.clear();
    recording_ = false;
  }
  // Tiles neither on the board nor on a known rack.
  Rack Pool() const;
  // Tiles `seat` cannot see: the pool, and the other rack when it is known.
  Rack Unseen(int seat) const;

  // Setting up (then Finish): errors name `field`.
  Board& mutable_board() { return board_; }
  void SetScores(int mover, int other) {
    scores_[to_move_] = mover;
    scores_[1 - to_move_] = other;
  }
  void SetToMove(int seat) { to_move_ = seat; }
  void SetZeroTurns(int n) { zero_turns_ = n; }
  void SetRack(int seat, const Rack& rack);
  void ForgetRack(int seat);
  // The view of `viewer`: the other rack and the bag's order forgotten (unless they follow).
  void HideFrom(int viewer);
  // Every tile is counted: refreshes the board, sizes the unknown racks and the bag, checks that
  // the tile set allows all of it and that racks are full while the bag has tiles.
  absl::Status Finish(const std::string& field);
  // The bag's order (kinds), which must be exactly the bag's tiles; errors name `field`.
  absl::Status SetBag(const std::vector<uint8_t>& kinds, const std::string& field);

  // Why `m` is not a legal move of the side to move (empty when it is); sets m->score and
  // m->placed of a placement. With `words` false the words it forms need not be in the lexicon (a
  // phony, as a record plays it before it is challenged off).
  std::string WhyIllegal(Move* m, bool words = true) const;
  // Applies a legal move (WhyIllegal empty): tiles leave the rack, the rack draws from the bag,
  // the scores change, the game may end (and the racks' values are added and subtracted).
  void Apply(const Move& m);
  // Gives a rack not known (a record's rack before a move): it must hold as many tiles as the
  // seat does (or, with `partial`, at most as many: the tiles known to be on it), from the tiles
  // the seat could hold. Errors name `field`.
  absl::Status GiveRack(int seat, const Rack& rack, const std::string& field, bool partial = false);
  // Points given or taken outside a move (a challenge bonus, a time penalty), written in the
  // record as `label` ("(challenge)", "(time)").
  void Adjust(int seat, int points, const std::string& label);
  // A phony withdrawn: this position is the one before the phony play `phony` (its record line);
  // the play is written down and taken back ("--", its score taken away) and its player loses the
  // turn, a scoreless one.
  void WithdrawPhony(const RecordLine& phony);
  // Tells tiles `seat` drew that were not known (a seat's view draws from a bag whose order it
  // does not know: after its move its leave stays known, the tiles drawn do not). Errors name
  // `field`: more tiles than it has unknown, or tiles not among those unseen.
  absl::Status AddDrawn(int seat, const Rack& tiles, const std::string& field);
  // The final result from seat 0's view, "" while the game goes on.
  std::string Outcome() const;
  // The move in GCG notation ("8D WORD", "D8 WORD", "-ABC", "-").
  std::string Format(const Move& m) const;
  // Parses GCG notation for the side to move; errors name `field` and say why it is illegal. A
  // one-tile play comes back as the move generator writes it (across where it forms an across
  // word), however it was written.
  absl::StatusOr<Move> Parse(std::string_view text, const std::string& field) const;

 private:
  // A one-tile placement written down, rewritten across when the tile forms an across word.
  void AcrossIfItFormsAWord(Move& m) const;
  void Draw(int seat, int n);
  void InferLastRack();
  void EndGame(int out_seat);

  std::shared_ptr<const Kwg> kwg_;
  std::shared_ptr<const LeaveTable> leaves_;
  std::string lexicon_;
  Rules rules_;
  Board board_;
  std::array<Side, 2> sides_{};
  std::array<int, 2> scores_{};
  int to_move_ = 0;
  int zero_turns_ = 0;
  int bag_size_ = 0;
  bool bag_known_ = false;
  std::vector<uint8_t> bag_;
  bool over_ = false;
  std::vector<RecordLine> record_;
  bool recording_ = true;
};

std::string SeatName(int seat);
// "8D" (across) or "D8" (down) for a placement's first square.
std::string Coordinates(int dir, int row, int col);

}  // namespace kibitzer::scrabble
