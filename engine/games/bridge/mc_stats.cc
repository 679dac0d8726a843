#include "engine/games/bridge/mc_stats.h"

#include <algorithm>
#include <cmath>

namespace kibitzer::bridge {
namespace {

// Mean and standard error of the mean of n values from their sum and sum of squares.
void MeanAndError(double sum, double squares, int n, double& mean, double& se) {
  mean = n > 0 ? sum / n : 0;
  if (n < 2) {
    se = 0;
    return;
  }
  const double variance = std::max(0.0, (squares - sum * mean) / (n - 1));
  se = std::sqrt(variance / n);
}

double Value(Objective objective, const ResultModel& model, int tricks, int32_t par) {
  switch (objective) {
    case Objective::kTricks:
      return tricks;
    case Objective::kMake:
      return model.MoverSucceeds(tricks) ? 1 : 0;
    case Objective::kScore:
      return model.MoverScore(tricks);
    case Objective::kImps:
      return Imps(model.MoverScore(tricks) - par);
  }
  return 0;
}

}  // namespace

bool ResultModel::MoverSucceeds(int tricks) const {
  if (!contract || contract->passed_out()) return false;
  const bool made = DeclarerTotal(tricks) >= contract->level + 6;
  return mover_declares ? made : !made;
}

int ResultModel::MoverScore(int tricks) const {
  if (!contract) return 0;
  const int declarer_score = DuplicateScore(*contract, vulnerable, DeclarerTotal(tricks));
  return mover_declares ? declarer_score : -declarer_score;
}

std::vector<CardStats> Summarize(const std::vector<int>& cards, const int8_t* tricks,
                                 const int32_t* par, int samples, const ResultModel& model,
                                 Objective objective) {
  const int n = static_cast<int>(cards.size());
  std::vector<CardStats> stats(n);
  for (int j = 0; j < n; ++j) {
    double sum[4] = {}, squares[4] = {};
    for (int i = 0; i < samples; ++i) {
      const int t = tricks[i * n + j];
      const double v[4] = {static_cast<double>(t), model.MoverSucceeds(t) ? 1.0 : 0.0,
                           static_cast<double>(model.MoverScore(t)),
                           par != nullptr ? Imps(model.MoverScore(t) - par[i]) : 0.0};
      for (int k = 0; k < 4; ++k) {
        sum[k] += v[k];
        squares[k] += v[k] * v[k];
      }
    }
    CardStats& s = stats[j];
    s.card = cards[j];
    MeanAndError(sum[0], squares[0], samples, s.tricks, s.tricks_se);
    MeanAndError(sum[1], squares[1], samples, s.success, s.success_se);
    MeanAndError(sum[2], squares[2], samples, s.score, s.score_se);
    MeanAndError(sum[3], squares[3], samples, s.imps, s.imps_se);
    const int k = static_cast<int>(objective);
    const double* means[4] = {&s.tricks, &s.success, &s.score, &s.imps};
    const double* errors[4] = {&s.tricks_se, &s.success_se, &s.score_se, &s.imps_se};
    s.objective = *means[k];
    s.objective_se = *errors[k];
  }
  std::stable_sort(stats.begin(), stats.end(), [](const CardStats& a, const CardStats& b) {
    if (a.objective != b.objective) return a.objective > b.objective;
    return a.tricks > b.tricks;
  });
  return stats;
}

bool Separated(const std::vector<int>& cards, const int8_t* tricks, const int32_t* par, int samples,
               const ResultModel& model, Objective objective, int best_index, double z) {
  const int n = static_cast<int>(cards.size());
  if (samples < 2) return false;
  for (int j = 0; j < n; ++j) {
    if (j == best_index) continue;
    // The paired difference on the objective; where that is always zero, on tricks.
    for (Objective o : {objective, Objective::kTricks}) {
      double sum = 0, squares = 0;
      bool all_zero = true;
      for (int i = 0; i < samples; ++i) {
        const int32_t p = par != nullptr ? par[i] : 0;
        const double d =
            Value(o, model, tricks[i * n + best_index], p) - Value(o, model, tricks[i * n + j], p);
        all_zero = all_zero && d == 0;
        sum += d;
        squares += d * d;
      }
      if (all_zero) continue;  // equal here: look at the next measure
      double mean = 0, se = 0;
      MeanAndError(sum, squares, samples, mean, se);
      if (mean <= 0) return false;
      if (se > 0 && mean < z * se) return false;
      break;
    }
  }
  return true;
}

double NormalQuantile(double confidence) {
  // Bisection on the upper tail 0.5 * erfc(x / sqrt 2) = 1 - confidence.
  const double tail = 1 - confidence;
  double lo = -10, hi = 10;
  for (int i = 0; i < 100; ++i) {
    const double mid = (lo + hi) / 2;
    if (0.5 * std::erfc(mid / std::sqrt(2.0)) > tail) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return (lo + hi) / 2;
}

}  // namespace kibitzer::bridge
