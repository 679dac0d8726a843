// What one seat at the table knows of a deal: the hands it has seen (its own; dummy once the
// opening lead is faced; any hand a client says it knows), every card played since, the contract,
// and what the play has shown: a seat that did not follow suit holds no more of that suit.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "engine/games/bridge/dd/dd_table.h"
#include "engine/games/bridge/rules/play.h"
#include "engine/games/bridge/rules/scoring.h"
#include "engine/games/bridge/view/layout_sampler.h"

namespace kibitzer::bridge {

struct SeatView {
  // As given.
  Hands start{};           // the hands at the start of the play below; only known ones are filled
  uint8_t known = 0;       // bit per seat whose start hand is known
  CardSet gone;            // cards played before the start (end positions), when known
  int hand_size = 13;      // cards each hand held at the start
  int trump = kNoTrump;    // strain
  int leader = kWest;      // seat on lead at the start
  std::vector<int> moves;  // cards played since the start, in order
  std::optional<Contract> contract;
  std::optional<int> declarer;
  std::optional<int> dealer;
  Vulnerability vulnerability = Vulnerability::kNone;
  // Derived by ReplaySeatView.
  Hands played{};                      // cards each seat played since the start
  std::array<uint8_t, 4> shown_out{};  // bit per suit each seat has shown out of
  PlayPosition now;                    // hidden hands hold nothing; trick, leader, tricks are right

  int hidden_cards() const;
};

// Replays the moves on what is known and fills the derived fields. Each card must be held by a
// known hand that plays it, or be unseen (no known hand holds it, nobody has played it) for a
// hidden one, follow suit where the seat is known to hold the suit led, and never be of a suit
// the seat has shown out of. Errors start with `name(i)`, the field of move i (e.g. "moves[3]").
absl::Status ReplaySeatView(SeatView& view, const std::function<std::string(size_t)>& name);

// What the sampler must respect: known hands as they were, hidden hands holding the cards they
// played plus unseen cards, none of a suit they showed out of.
DealProblem ProblemOf(const SeatView& view);

// The position now, on a layout of all four start hands.
PlayPosition PositionOn(const SeatView& view, const Hands& start);

}  // namespace kibitzer::bridge
