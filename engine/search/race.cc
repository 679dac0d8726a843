#include "engine/search/race.h"

#include <algorithm>
#include <cmath>

namespace kibitzer::search {

double NormalQuantile(double confidence) {
  // Bisection on the upper tail 0.5 * erfc(x / sqrt 2) = 1 - confidence.
  const double tail = 1 - confidence;
  double lo = -40, hi = 40;
  for (int i = 0; i < 200; ++i) {
    const double mid = (lo + hi) / 2;
    if (0.5 * std::erfc(mid / std::sqrt(2.0)) > tail) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return (lo + hi) / 2;
}

Comparison CompareUnpaired(const core::RunningMean& best, const core::RunningMean& other, double z,
                           double margin) {
  const double gap = best.Mean() - other.Mean();
  const double se = std::hypot(best.StdError(), other.StdError());
  return (gap > 0 || margin > 0) && gap - z * se >= -margin && best.n >= 2 && other.n >= 2
             ? Comparison::kBehind
             : Comparison::kOpen;
}

Comparison ComparePaired(const PairSums& pair, bool best_first, bool has_tie, double z,
                         double margin, double tie_margin) {
  if (pair.n < 2) return Comparison::kOpen;
  const double sign = best_first ? 1 : -1;
  double sum = sign * pair.sum, squares = pair.squares;
  if (squares == 0 && has_tie) {  // equal on the objective every time: look at the tie
    sum = sign * pair.tie_sum;
    squares = pair.tie_squares;
    margin = tie_margin;
  }
  if (squares == 0) {
    if (margin <= 0) return Comparison::kEqual;
    // Equal on every layout so far: indifferent once so many straight ties would be unlikely
    // (at z's confidence) were the moves to differ on kTieShare of the layouts.
    const double miss = 0.5 * std::erfc(z / std::sqrt(2.0));
    return std::pow(1 - kTieShare, static_cast<double>(pair.n)) <= miss ? Comparison::kBehind
                                                                        : Comparison::kOpen;
  }
  const double n = static_cast<double>(pair.n);
  const double mean = sum / n;
  const double variance = std::max(0.0, (squares - sum * mean) / (n - 1));
  const double se = std::sqrt(variance / n);
  return (mean > 0 || margin > 0) && mean - z * se >= -margin ? Comparison::kBehind
                                                              : Comparison::kOpen;
}

}  // namespace kibitzer::search
