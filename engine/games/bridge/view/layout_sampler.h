// Layouts consistent with what is known, sampled uniformly and reproducibly.
//
// A DealProblem says which cards each seat holds for sure, how many cards each holds in all, the
// suits a seat can hold no more of (it showed out), and a dealer-script condition. The sampler
// works on suit-length distributions first: it enumerates how many cards of each suit the
// constrained seats get, weights each distribution by the number of layouts it stands for, and
// drops those the condition rules out whatever the cards (the script evaluated on ranges). Then a
// sample picks a distribution by weight and deals the cards of each suit at random; only a
// condition that depends on the cards themselves (points, specific cards) is checked on the
// layout and may reject it. Tight shape constraints therefore cost nothing, and a condition no
// distribution can meet is reported at once.
//
// When the condition reads all four hands and nothing is known, there are too many distributions
// to list; then the sampler deals at random and checks each layout (still uniform, just slower).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/rng.h"
#include "engine/games/bridge/dealer/dealer_script.h"
#include "engine/games/bridge/records/pbn.h"

namespace kibitzer::bridge {

struct DealProblem {
  Hands fixed{};                            // cards each seat holds for sure
  std::array<int, 4> size{13, 13, 13, 13};  // cards each seat holds in all
  std::array<uint8_t, 4> no_more{};         // bit per suit: the seat holds no more of it
  CardSet gone;                             // cards out of play (played before the start)
  const dealer::Script* script = nullptr;   // optional; must outlive the sampler
};

class LayoutSampler {
 public:
  // Lists the distributions. INVALID_ARGUMENT naming `field` when the problem is inconsistent or
  // no layout can satisfy it.
  static absl::StatusOr<LayoutSampler> Create(const DealProblem& problem, absl::string_view field);

  // A uniformly drawn layout, or false when `max_attempts` draws were all rejected by the script.
  // `rejected` (optional) is increased by the draws rejected.
  bool Sample(core::Rng& rng, Hands& hands, int64_t* rejected = nullptr,
              int64_t max_attempts = kDefaultAttempts) const;

  // Layouts in the distributions kept (those the script may accept); exact when `decided()`.
  double layouts() const { return total_weight_; }
  // True when the script's answer is known from the suit lengths alone, so no draw is rejected.
  bool decided() const { return undecided_ == 0 && !fallback_; }
  int distributions() const { return static_cast<int>(leaves_.size()); }

  static constexpr int64_t kDefaultAttempts = 2'000'000;
  static constexpr int64_t kMaxLeafVisits = 3'000'000;

 private:
  struct Leaf {
    std::array<std::array<int8_t, 4>, 4> count;  // cards of each suit each listed seat gets
    bool decided;                                // the script holds whatever the cards
  };

  LayoutSampler() = default;
  bool Enumerate();
  void Row(int depth, int suit, int left, std::array<std::array<int8_t, 4>, 4>& count,
           std::array<int, 4>& remaining, int& visits);
  void AddLeaf(std::array<std::array<int8_t, 4>, 4>& count, const std::array<int, 4>& remaining);
  dealer::Range Check(const std::array<std::array<int8_t, 4>, 4>& count,
                      const std::array<int, 4>& remaining, int assigned) const;
  void Deal(core::Rng& rng, const Leaf* leaf, Hands& hands) const;

  DealProblem problem_;
  CardSet pool_;
  std::array<int, 4> need_{};
  std::array<int, 4> pool_count_{};  // pool cards per suit
  std::vector<int> listed_;          // seats whose suit counts are enumerated, in order
  std::vector<int> free_;            // seats that share the rest (not read, nothing shown out)
  bool last_determined_ = false;     // no free seats: the last listed seat takes the rest
  std::vector<Leaf> leaves_;
  std::vector<double> cumulative_;
  double total_weight_ = 0;
  int undecided_ = 0;
  bool fallback_ = false;
};

}  // namespace kibitzer::bridge
