// Play analysis: the double-dummy value before and after every card of a played deal, so each
// card that gave away a trick is marked, and by how many (DDS's AnalysePlay, with costs).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/search_control.h"
#include "engine/games/bridge/dd/dd_solver.h"
#include "engine/games/bridge/records/record.h"

namespace kibitzer::bridge {

struct PlayStep {
  int card = 0;
  int seat = 0;
  int before = 0;  // declarer's tricks in all (won so far plus double-dummy to come) before it
  int after = 0;   // the same once it is played
  int cost = 0;    // tricks the card gave away for its side (0: a double-dummy card)
};

struct PlayAnalysis {
  int declarer = 0;
  Contract contract;
  int start = 0;  // declarer's double-dummy tricks before the opening lead
  std::vector<PlayStep> steps;
  // The record's claim (declarer's tricks in all) and declarer's tricks in all with double-dummy
  // play from where it was made: the claimed tricks go to the claimer, the difference is what
  // the claim gave away (to declarer's side when above, to the defenders when below).
  std::optional<int> claim;
  int claim_double_dummy = 0;
  // The record's dealer and auction (calls from the dealer), where it gives them.
  std::optional<int> dealer;
  std::vector<std::string> auction;
};

// Needs the record's contract, declarer and play. When `control` stops the search, returns
// CANCELLED-free partial work: solver.aborted() is set and the steps so far are returned.
absl::StatusOr<PlayAnalysis> AnalysePlay(DoubleDummySolver& solver, const GameRecord& record,
                                         core::SearchControl* control = nullptr);

}  // namespace kibitzer::bridge
