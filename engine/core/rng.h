// Deterministic random numbers: SplitMix64 for seeding, xoshiro256** for streams.
//
// The standard library's distributions and std::shuffle differ between implementations, so the
// engine draws only through these helpers: the same seed gives the same numbers on every platform.
// Not thread-safe; give each thread (or each Monte Carlo sample) its own generator.
#pragma once

#include <cstdint>
#include <utility>

namespace kibitzer::core {

__extension__ using Uint128 = unsigned __int128;

// One step of SplitMix64: a good 64-bit mix of `state`, which it advances.
constexpr uint64_t SplitMix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

class Rng {
 public:
  explicit constexpr Rng(uint64_t seed) { Seed(seed); }
  // A generator for stream `stream` of `seed` (e.g. Monte Carlo sample i), independent of the
  // order in which streams are created.
  static constexpr Rng ForStream(uint64_t seed, uint64_t stream) {
    uint64_t s = seed ^ (stream * 0xD1B54A32D192ED03ULL);
    return Rng(SplitMix64(s));
  }

  constexpr void Seed(uint64_t seed) {
    for (auto& word : s_) word = SplitMix64(seed);
  }

  constexpr uint64_t Next() {
    const uint64_t result = Rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = Rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, bound) without modulo bias (Lemire's multiply-and-reject); bound > 0.
  constexpr uint64_t Below(uint64_t bound) {
    Uint128 m = static_cast<Uint128>(Next()) * bound;
    auto low = static_cast<uint64_t>(m);
    if (low < bound) {
      const uint64_t threshold = -bound % bound;
      while (low < threshold) {
        m = static_cast<Uint128>(Next()) * bound;
        low = static_cast<uint64_t>(m);
      }
    }
    return static_cast<uint64_t>(m >> 64);
  }

  // Uniform double in [0, 1).
  constexpr double Uniform() { return static_cast<double>(Next() >> 11) * 0x1.0p-53; }

  // Fisher-Yates shuffle of [first, last).
  template <typename It>
  constexpr void Shuffle(It first, It last) {
    for (auto n = last - first; n > 1; --n) {
      const auto j = static_cast<decltype(n)>(Below(static_cast<uint64_t>(n)));
      std::swap(first[n - 1], first[j]);
    }
  }

 private:
  static constexpr uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4] = {};
};

}  // namespace kibitzer::core
