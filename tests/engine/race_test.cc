// The Monte Carlo race and confidence stop alone (engine/search/race.h): how two moves compare,
// and what one batch's decision drops and ends.
#include "engine/search/race.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace kibitzer::search {
namespace {

// n layouts on which the first move's value minus the second's is `d` each time.
PairSums Constant(uint64_t n, double d) {
  return {n, d * static_cast<double>(n), d * d * static_cast<double>(n), 0, 0};
}

TEST(Race, APairedDifferenceShowsTheWorseMoveBehind) {
  const double z = NormalQuantile(0.95);
  EXPECT_NEAR(z, 1.6449, 1e-4);
  EXPECT_EQ(ComparePaired(Constant(10, 1), true, false, z, 0, 0), Comparison::kBehind);
  EXPECT_EQ(ComparePaired(Constant(10, 1), false, false, z, 0, 0), Comparison::kOpen);
  EXPECT_EQ(ComparePaired(Constant(1, 1), true, false, z, 0, 0), Comparison::kOpen);  // n < 2
  // Noisy: differences +3 and -1 alternately, 4 layouts: mean 1, too uncertain at 95%.
  const PairSums noisy{4, 4, 20, 0, 0};
  EXPECT_EQ(ComparePaired(noisy, true, false, z, 0, 0), Comparison::kOpen);
  // Better by no more than the margin counts as behind too.
  EXPECT_EQ(ComparePaired(Constant(10, -0.5), true, false, z, 1, 0), Comparison::kBehind);
}

TEST(Race, MovesEqualOnEveryLayoutAreDroppedOnlyAfterEnoughStraightTies) {
  const double z = NormalQuantile(0.95);
  EXPECT_EQ(ComparePaired(Constant(80, 0), true, false, z, 0, 0), Comparison::kEqual);
  // 0.95^59 is under 5%, 0.95^58 not.
  EXPECT_EQ(ComparePaired(Constant(58, 0), true, false, z, 0.5, 0), Comparison::kOpen);
  EXPECT_EQ(ComparePaired(Constant(59, 0), true, false, z, 0.5, 0), Comparison::kBehind);
  // Equal on the objective, the tie channel decides (within the tie margin).
  PairSums tie = Constant(10, 0);
  tie.tie_sum = 20;
  tie.tie_squares = 40;
  EXPECT_EQ(ComparePaired(tie, true, true, z, 0, 0), Comparison::kBehind);
  EXPECT_EQ(ComparePaired(tie, false, true, z, 0, 0), Comparison::kOpen);
}

TEST(Race, WithoutPairsTheMovesOwnErrorsDecide) {
  core::RunningMean a, b;
  for (int i = 0; i < 20; ++i) {
    a.Add(10 + (i % 2));
    b.Add(5 + (i % 2));
  }
  const double z = NormalQuantile(0.95);
  EXPECT_EQ(CompareUnpaired(a, b, z, 0), Comparison::kBehind);
  EXPECT_EQ(CompareUnpaired(b, a, z, 0), Comparison::kOpen);
  core::RunningMean one;
  one.Add(0);
  EXPECT_EQ(CompareUnpaired(a, one, z, 0), Comparison::kOpen);  // one layout: nothing shown
}

TEST(Race, ABatchDropsTheMovesBehindAndEndsWithOneLeft) {
  std::vector<uint8_t> alive = {1, 1, 1}, out = {0, 0, 0};
  std::vector<double> zs;
  auto only_two_behind = [&](int m, double z, double, double) {
    zs.push_back(z);
    return m == 2 ? Comparison::kBehind : Comparison::kOpen;
  };
  const RacePolicy race{0.95, 0, 0, 0};
  EXPECT_FALSE(JudgeBatch(race, 0, 3, alive.data(), out.data(), only_two_behind));
  EXPECT_EQ(alive, (std::vector<uint8_t>{1, 1, 0}));
  EXPECT_EQ(out, (std::vector<uint8_t>{0, 0, 1}));
  // Bonferroni over the two moves racing the best: each test at 97.5%.
  ASSERT_EQ(zs.size(), 2u);
  EXPECT_NEAR(zs[0], 1.95996, 1e-4);
  auto all_behind = [](int, double, double, double) { return Comparison::kBehind; };
  EXPECT_TRUE(JudgeBatch(race, 0, 3, alive.data(), out.data(), all_behind));
  EXPECT_EQ(alive, (std::vector<uint8_t>{1, 0, 0}));
}

TEST(Race, TheConfidenceStopWaitsForEveryOpenMoveButNotForEqualOnes) {
  std::vector<uint8_t> alive = {1, 1, 1}, out = {0, 0, 0};
  const RacePolicy stop{0, 0.9, 0, 0};
  auto equal_or_behind = [](int m, double, double, double) {
    return m == 1 ? Comparison::kEqual : Comparison::kBehind;
  };
  EXPECT_TRUE(JudgeBatch(stop, 0, 3, alive.data(), out.data(), equal_or_behind));
  auto one_open = [](int m, double, double, double) {
    return m == 2 ? Comparison::kOpen : Comparison::kBehind;
  };
  EXPECT_FALSE(JudgeBatch(stop, 0, 3, alive.data(), out.data(), one_open));
  EXPECT_EQ(alive, (std::vector<uint8_t>{1, 1, 1}));  // no race: nothing dropped
  EXPECT_FALSE(JudgeBatch(RacePolicy{}, 0, 3, alive.data(), out.data(), one_open));
}

}  // namespace
}  // namespace kibitzer::search
