// The Monte Carlo driver's tally alone (search/mc_tally.h): statistics per move and channel from
// the layouts each move was solved on, the race's decision, the ranking and the report's moves.
#include "engine/search/mc_tally.h"

#include <gtest/gtest.h>

#include <string>

namespace kibitzer::search {
namespace {

// Move m's objective on layout i: a fixed pattern, move 0 best by 1 on average.
double Objective(int m, int i) { return (i % 3) - m + (m == 2 ? 0.9 : 0.0); }

TEST(MonteCarloTally, EachMoveCountsTheLayoutsItWasSolvedOn) {
  MonteCarloTally tally(2, 2, -1, false);
  const uint8_t both[2] = {1, 1}, first[2] = {1, 0};
  const double a[4] = {3, 10, 1, 20};
  const double b[4] = {5, 30, 7, 40};
  tally.Absorb(a, both);
  tally.Absorb(b, first);
  EXPECT_EQ(tally.Stats(0, 0).n, 2u);
  EXPECT_DOUBLE_EQ(tally.Stats(0, 0).Mean(), 4);
  EXPECT_DOUBLE_EQ(tally.Stats(0, 1).Mean(), 20);
  EXPECT_EQ(tally.Stats(1, 0).n, 1u);
  EXPECT_DOUBLE_EQ(tally.Stats(1, 1).Mean(), 20);
  EXPECT_EQ(tally.Ranked(), (std::vector<int>{0, 1}));
}

TEST(MonteCarloTally, TheRaceDropsAMoveShownBehindAndRanksItLast) {
  MonteCarloTally tally(3, 1, -1, true);
  const uint8_t all[3] = {1, 1, 1};
  for (int i = 0; i < 60; ++i) {
    const double v[3] = {Objective(0, i), Objective(1, i), Objective(2, i)};
    tally.Absorb(v, all);
  }
  // Move 1 is a point behind on every layout; move 2 only 0.1 behind and margin 0.5 covers it.
  EXPECT_TRUE(tally.Decide(RacePolicy{0.95, 0, 0.5, 0}));
  EXPECT_EQ(tally.InRace(), 1);
  EXPECT_EQ(tally.RacedOut(), 2);
  // A move equal to the best on every layout, with no margin to be indifferent within.
  MonteCarloTally strict(3, 1, -1, true);
  for (int i = 0; i < 60; ++i) {
    const double v[3] = {Objective(0, i), Objective(1, i), Objective(0, i)};
    strict.Absorb(v, all);
  }
  // Move 2 equals move 0 on every layout: 60 straight ties at 95% over two rivals is not yet
  // enough (Bonferroni), so the race stays open with moves 0 and 2.
  EXPECT_FALSE(strict.Decide(RacePolicy{0.95, 0, 0, 0}));
  EXPECT_EQ(strict.alive(), (std::vector<uint8_t>{1, 0, 1}));
  core::Report report;
  strict.FillMoves(report, [](const MonteCarloMove& m, core::MoveValue& mv) {
    mv.move = std::to_string(m.index) + (m.raced_out ? "x" : "");
  });
  ASSERT_EQ(report.moves.size(), 3u);
  EXPECT_EQ(report.moves[2].move, "1x");  // raced out: below every move still in the race
  EXPECT_EQ(report.best_move, report.moves[0].move);
  EXPECT_EQ(report.moves[2].samples, 60u);
  EXPECT_EQ(report.moves[2].bound, core::Bound::kEstimate);
}

TEST(MonteCarloTally, NoMoveIsReportedBeforeItsFirstLayout) {
  MonteCarloTally tally(2, 1, -1, false);
  core::Report report;
  tally.FillMoves(report, [](const MonteCarloMove&, core::MoveValue&) {});
  EXPECT_TRUE(report.moves.empty());
  EXPECT_TRUE(report.best_move.empty());
}

}  // namespace
}  // namespace kibitzer::search
