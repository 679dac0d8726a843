// The state of a Big Two game: hands, the play to beat, whose turn, with do/undo.
//
// One class serves full knowledge (every hand known: search) and a seat's view (some hands
// unknown: only their card counts and the cards they played are kept; moves of an unknown hand
// are applied without checking its cards). Copyable value of fixed size; Play/Undo and move
// generation allocate nothing. Not thread-safe for writing; copies are independent.
#pragma once

#include <array>
#include <cstdint>

#include "engine/games/bigtwo/rules/plays.h"

namespace kibitzer::bigtwo {

class State {
 public:
  using Move = bigtwo::Move;
  static constexpr int kMaxMoves = bigtwo::kMaxMoves;
  static constexpr int kMaxPlayers = bigtwo::kMaxPlayers;
  // Longest game: every play takes a card, and at most players-1 passes follow a play.
  static constexpr int kMaxPlies = kCards * kMaxPlayers + 8;

  State() = default;
  // The start of a game: `hands` of rules.players seats, `known` a bit per known hand; `leader`
  // leads first and `lowest` (the lowest card dealt) must be in the first play.
  State(const Rules& rules, const std::array<Mask, kMaxPlayers>& hands, uint8_t known, int leader,
        int lowest);

  const Rules& rules() const { return rules_; }
  int NumPlayers() const { return rules_.players; }
  int CurrentPlayer() const { return to_move_; }
  bool IsTerminal() const { return winner_ >= 0; }
  int winner() const { return winner_; }
  Mask hand(int p) const { return hands_[p]; }
  bool Known(int p) const { return known_ >> p & 1; }
  uint8_t known() const { return known_; }
  int count(int p) const { return counts_[p]; }
  Mask played(int p) const { return played_[p]; }
  const Move& table() const { return table_; }
  int last_player() const { return last_player_; }
  bool Leading() const { return table_.IsPass(); }
  bool HasPassed(int p) const { return passed_ >> p & 1; }
  Mask must_include() const { return must_; }
  int ply() const { return ply_; }
  const Move& history(int i) const { return undo_[i].move; }
  int history_player(int i) const { return undo_[i].player; }

  // Legal moves of the player to move (whose hand must be known).
  int GenerateMoves(Move* out) const;
  // Whether `m` is legal for the player to move; an unknown hand's play is checked against the
  // table, its card count and the cards `unseen` (cards that may be in that hand).
  bool IsLegal(const Move& m, Mask unseen) const;
  void Play(const Move& m);
  void Undo(const Move& m);

  // Points of a finished game for each seat: the winner gains what the others lose.
  void Returns(int* values) const;
  static int Penalty(int cards_left, bool multipliers);

  // The same position with the hands of `known` only (others forgotten, counts kept).
  State Restricted(uint8_t known) const;
  // This view with the unknown hands filled in; `hands` are the current hidden cards.
  State Completed(const std::array<Mask, kMaxPlayers>& hands) const;

 private:
  struct UndoRecord {
    Move move;
    Move table;
    Mask must;
    int8_t player, last_player, passes;
    uint8_t passed;
  };

  Rules rules_;
  std::array<Mask, kMaxPlayers> hands_{};
  std::array<Mask, kMaxPlayers> played_{};
  std::array<int8_t, kMaxPlayers> counts_{};
  Move table_;
  Mask must_ = 0;
  int8_t to_move_ = 0, last_player_ = 0, passes_ = 0, winner_ = -1;
  uint8_t passed_ = 0, known_ = 0;
  int ply_ = 0;
  std::array<UndoRecord, kMaxPlies> undo_{};
};

}  // namespace kibitzer::bigtwo
