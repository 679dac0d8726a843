#include "engine/search/mc_tally.h"

#include <algorithm>

namespace kibitzer::search {

MonteCarloTally::MonteCarloTally(int moves, int channels, int tie, bool paired)
    : moves_(moves),
      channels_(channels),
      tie_(tie),
      paired_(paired && moves <= kMaxPairedMoves),
      stats_(static_cast<size_t>(moves * channels)),
      alive_(static_cast<size_t>(moves), 1),
      raced_out_(static_cast<size_t>(moves), 0),
      pairs_(paired_ ? static_cast<size_t>(moves) * static_cast<size_t>(moves - 1) / 2 : 0) {}

void MonteCarloTally::Reset() {
  std::fill(stats_.begin(), stats_.end(), core::RunningMean{});
  std::fill(alive_.begin(), alive_.end(), uint8_t{1});
  std::fill(raced_out_.begin(), raced_out_.end(), uint8_t{0});
  std::fill(pairs_.begin(), pairs_.end(), PairSums{});
}

void MonteCarloTally::Absorb(const double* v, const uint8_t* mask) {
  for (int m = 0; m < moves_; ++m) {
    if (!mask[m]) continue;
    for (int ch = 0; ch < channels_; ++ch) {
      stats_[static_cast<size_t>(m * channels_ + ch)].Add(v[m * channels_ + ch]);
    }
  }
  if (!paired_) return;
  size_t p = 0;
  for (int a = 0; a < moves_; ++a) {
    for (int b = a + 1; b < moves_; ++b, ++p) {
      if (!mask[a] || !mask[b]) continue;
      PairSums& pair = pairs_[p];
      const double d = v[a * channels_] - v[b * channels_];
      ++pair.n;
      pair.sum += d;
      pair.squares += d * d;
      if (tie_ >= 0) {
        const double t = v[a * channels_ + tie_] - v[b * channels_ + tie_];
        pair.tie_sum += t;
        pair.tie_squares += t * t;
      }
    }
  }
}

bool MonteCarloTally::Decide(const RacePolicy& policy) {
  const int best = Ranked().front();
  return JudgeBatch(policy, best, moves_, alive_.data(), raced_out_.data(),
                    [&](int m, double z, double margin, double tie_margin) {
                      return Compare(best, m, z, margin, tie_margin);
                    });
}

int MonteCarloTally::RacedOut() const {
  int n = 0;
  for (uint8_t r : raced_out_) n += r;
  return n;
}

int MonteCarloTally::InRace() const {
  int n = 0;
  for (uint8_t a : alive_) n += a;
  return n;
}

Comparison MonteCarloTally::Compare(int best, int m, double z, double margin,
                                    double tie_margin) const {
  if (!paired_) return CompareUnpaired(Stats(best, 0), Stats(m, 0), z, margin);
  const int lo = std::min(best, m), hi = std::max(best, m);
  return ComparePaired(pairs_[PairIndex(lo, hi)], best == lo, tie_ >= 0, z, margin, tie_margin);
}

size_t MonteCarloTally::PairIndex(int a, int b) const {
  const size_t m = static_cast<size_t>(moves_);
  const size_t i = static_cast<size_t>(a), j = static_cast<size_t>(b);
  return i * (2 * m - i - 1) / 2 + (j - i - 1);
}

std::vector<int> MonteCarloTally::Ranked() const {
  std::vector<int> order(static_cast<size_t>(moves_));
  for (int m = 0; m < moves_; ++m) order[static_cast<size_t>(m)] = m;
  std::stable_sort(order.begin(), order.end(), [this](int a, int b) {
    if (alive_[static_cast<size_t>(a)] != alive_[static_cast<size_t>(b)]) {
      return alive_[static_cast<size_t>(a)] > alive_[static_cast<size_t>(b)];
    }
    const double va = Stats(a, 0).Mean(), vb = Stats(b, 0).Mean();
    if (va != vb) return va > vb;
    if (tie_ >= 0) {
      const double ta = Stats(a, tie_).Mean(), tb = Stats(b, tie_).Mean();
      if (ta != tb) return ta > tb;
    }
    return false;
  });
  return order;
}

}  // namespace kibitzer::search
