// The state of the card play: what each seat still holds, trumps, and the trick in progress.
// Rules only (legal cards, trick winner); the double-dummy solver keeps its own copy for speed.
#pragma once

#include <array>

#include "absl/status/statusor.h"
#include "engine/games/bridge/records/pbn.h"

namespace kibitzer::bridge {

struct PlayPosition {
  Hands hands{};               // cards not yet played; cards on the table are not in any hand
  int trump = kNoTrump;        // suit, or kNoTrump
  int leader = kWest;          // seat that led (or will lead) the current trick
  int table_count = 0;         // cards on the table, 0..3
  std::array<int, 3> table{};  // cards on the table in play order
  int ns_tricks = 0;           // tricks North-South have taken (informational)
  int ew_tricks = 0;

  int ToMove() const { return (leader + table_count) & 3; }
  // Tricks still to be played, the current one included.
  int TricksLeft() const;
  bool Finished() const { return TricksLeft() == 0; }
  // The cards the seat to move may play (follows suit when able).
  CardSet LegalCards() const;
  // Plays `card` for the seat to move (must be legal); completes the trick when it is the fourth.
  void Play(int card);
};

// The winner of a complete trick led by `leader` (cards in play order) with `trump`.
int TrickWinner(const std::array<int, 4>& cards, int leader, int trump);

}  // namespace kibitzer::bridge
