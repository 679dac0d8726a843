// What a Monte Carlo card analysis ranks by (the objective), and how the tricks of one layout turn
// into results for the side to move: making (or defeating) the contract and the duplicate score.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/games/bridge/rules/scoring.h"

namespace kibitzer::bridge {

enum class Objective { kTricks, kMake, kScore, kImps };

// How one sample's tricks turn into results for the side to move.
struct ResultModel {
  int tricks_left = 13;        // tricks still to play, the current one included
  bool mover_declares = true;  // the side to move is declarer's
  int declarer_tricks = 0;     // tricks declarer's side has already won
  std::optional<Contract> contract;
  bool vulnerable = false;  // declarer's side

  // Tricks declarer's side ends with when the side to move takes `tricks` more.
  int DeclarerTotal(int tricks) const {
    return declarer_tricks + (mover_declares ? tricks : tricks_left - tricks);
  }
  bool MoverSucceeds(int tricks) const;  // makes (declarer) or defeats (defenders) the contract
  // The fewest tricks from here with which the side to move succeeds (a first guess for the
  // solver), within 0 .. tricks_left; -1 without a contract.
  int TricksToSucceed() const;
  int MoverScore(int tricks) const;  // the duplicate score for the side to move
};

}  // namespace kibitzer::bridge
