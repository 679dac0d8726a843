// The mean of a stream of values and its standard error, from running sums (Monte Carlo scores).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace kibitzer::core {

struct RunningMean {
  double sum = 0;
  double sum_squares = 0;
  uint64_t n = 0;

  void Add(double v) {
    sum += v;
    sum_squares += v * v;
    ++n;
  }
  double Mean() const { return n > 0 ? sum / static_cast<double>(n) : 0; }
  // Standard error of the mean, with the sample variance (n - 1); 0 below two values.
  double StdError() const {
    if (n < 2) return 0;
    const double count = static_cast<double>(n);
    const double mean = Mean();
    const double var = std::max(0.0, sum_squares / count - mean * mean);
    return std::sqrt(var / (count - 1));
  }
};

}  // namespace kibitzer::core
