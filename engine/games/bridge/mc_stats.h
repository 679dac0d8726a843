// The statistics of a Monte Carlo card analysis: per card, over the layouts sampled so far, the
// mean tricks, the probability of making (or defeating) the contract, the expected score and
// expected IMPs against the double-dummy par, each with its standard error; the ranking by the
// chosen objective; and whether the best card is separated from every other one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/games/bridge/scoring.h"

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
  int MoverScore(int tricks) const;      // the duplicate score for the side to move
};

struct CardStats {
  int card = 0;
  double tricks = 0, tricks_se = 0;
  double success = 0, success_se = 0;  // probability of making (or defeating)
  double score = 0, score_se = 0;
  double imps = 0, imps_se = 0;  // only with par scores
  double objective = 0, objective_se = 0;
};

// tricks[i * cards + j]: tricks the side to move takes after card j in sample i; `par[i]` the
// double-dummy par for the side to move in sample i (empty: no IMPs). Cards best first.
std::vector<CardStats> Summarize(const std::vector<int>& cards, const int8_t* tricks,
                                 const int32_t* par, int samples, const ResultModel& model,
                                 Objective objective);

// True when the best card's objective (then tricks, on ties) beats every other card's by at least
// `z` standard errors of the paired difference. Cards that did exactly as well on every sample
// are equal to the best and do not hold it back.
bool Separated(const std::vector<int>& cards, const int8_t* tricks, const int32_t* par, int samples,
               const ResultModel& model, Objective objective, int best_index, double z);

// The z for a one-sided test at `confidence` (e.g. 0.95 → 1.645).
double NormalQuantile(double confidence);

}  // namespace kibitzer::bridge
