#include "engine/games/bridge/view/mc_stats.h"

#include <algorithm>
#include <cmath>

namespace kibitzer::bridge {

bool ResultModel::MoverSucceeds(int tricks) const {
  if (!contract || contract->passed_out()) return false;
  const bool made = DeclarerTotal(tricks) >= contract->level + 6;
  return mover_declares ? made : !made;
}

int ResultModel::TricksToSucceed() const {
  if (!contract || contract->passed_out()) return -1;
  for (int t = 0; t <= tricks_left; ++t) {
    if (MoverSucceeds(t)) return t;
  }
  return tricks_left;
}

int ResultModel::MoverScore(int tricks) const {
  if (!contract) return 0;
  const int declarer_score = DuplicateScore(*contract, vulnerable, DeclarerTotal(tricks));
  return mover_declares ? declarer_score : -declarer_score;
}

}  // namespace kibitzer::bridge
