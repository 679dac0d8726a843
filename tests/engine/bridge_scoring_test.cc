// Law 77 scoring, line by line of its table, and the IMP scale (Law 78B).
#include "engine/games/bridge/rules/cards.h"
#include "engine/games/bridge/rules/scoring.h"
#include "gtest/gtest.h"

namespace kibitzer::bridge {
namespace {

int Score(const char* contract, bool vul, int tricks) {
  auto c = ParseContract(contract, "contract");
  EXPECT_TRUE(c.ok()) << c.status();
  return DuplicateScore(*c, vul, tricks);
}

TEST(Law77, TrickScoresPerOddTrick) {
  EXPECT_EQ(Score("1C", false, 7), 70);  // 20 + part-score 50
  EXPECT_EQ(Score("1D", false, 7), 70);
  EXPECT_EQ(Score("1H", false, 7), 80);  // 30 + 50
  EXPECT_EQ(Score("1S", false, 7), 80);
  EXPECT_EQ(Score("1NT", false, 7), 90);   // 40 + 50
  EXPECT_EQ(Score("2NT", false, 8), 120);  // 40 + 30 + 50
}

TEST(Law77, GameAndPartScoreBonuses) {
  EXPECT_EQ(Score("3NT", false, 9), 400);
  EXPECT_EQ(Score("3NT", true, 9), 600);
  EXPECT_EQ(Score("4S", false, 10), 420);
  EXPECT_EQ(Score("4H", true, 10), 620);
  EXPECT_EQ(Score("5C", false, 11), 400);
  EXPECT_EQ(Score("4C", false, 10), 130);  // 80 is a part score
}

TEST(Law77, SlamBonuses) {
  EXPECT_EQ(Score("6S", false, 12), 980);
  EXPECT_EQ(Score("6S", true, 12), 1430);
  EXPECT_EQ(Score("7NT", false, 13), 1520);
  EXPECT_EQ(Score("7NT", true, 13), 2220);
}

TEST(Law77, DoubledAndRedoubledMadeWithTheInsult) {
  EXPECT_EQ(Score("2CX", false, 8), 180);     // 80 part score + 50 + 50
  EXPECT_EQ(Score("2HX", false, 8), 470);     // 120 game + 300 + 50
  EXPECT_EQ(Score("1NTXX", false, 7), 560);   // 160 + 300 + 100
  EXPECT_EQ(Score("4SX", true, 11), 990);     // 240 + 500 + 50 + 200 overtrick
  EXPECT_EQ(Score("3NTXX", true, 10), 1400);  // 400 + 500 + 100 + 400 for the overtrick
}

TEST(Law77, OvertricksUndoubledScoreAsTricks) {
  EXPECT_EQ(Score("3NT", false, 10), 430);
  EXPECT_EQ(Score("2C", false, 10), 130);  // 40 + 50 + 2 * 20
  EXPECT_EQ(Score("1S", true, 9), 140);    // 30 + 50 + 2 * 30
}

TEST(Law77, UndertricksByVulnerabilityAndDoubling) {
  EXPECT_EQ(Score("4S", false, 8), -100);
  EXPECT_EQ(Score("4S", true, 8), -200);
  EXPECT_EQ(Score("3NTX", false, 8), -100);
  EXPECT_EQ(Score("3NTX", false, 6), -500);
  EXPECT_EQ(Score("3NTX", false, 5), -800);  // 100 + 200 + 200 + 300
  EXPECT_EQ(Score("3NTX", true, 8), -200);
  EXPECT_EQ(Score("3NTX", true, 6), -800);  // 200 + 300 + 300
  EXPECT_EQ(Score("3NTXX", false, 8), -200);
  EXPECT_EQ(Score("3NTXX", true, 7), -1000);
  EXPECT_EQ(Score("7NTX", false, 0), -3500);  // 13 down: 100 + 2 * 200 + 10 * 300
}

TEST(Law77, PassOutScoresNothing) { EXPECT_EQ(Score("Pass", true, 0), 0); }

TEST(Contracts, ImpossibleContractsAreRefused) {
  for (const char* bad : {"8S", "0H", "4Z", "4HXXX", "", "NT", "4HY"}) {
    auto c = ParseContract(bad, "contract");
    EXPECT_EQ(c.status().code(), absl::StatusCode::kInvalidArgument) << bad;
    EXPECT_NE(c.status().message().find("contract:"), absl::string_view::npos);
  }
  EXPECT_EQ(FormatContract(*ParseContract("3ntxx", "c")), "3NTXX");
  EXPECT_EQ(FormatContract(*ParseContract("4h*", "c")), "4HX");
  EXPECT_EQ(FormatContract(*ParseContract("pass", "c")), "Pass");
}

TEST(Imps, BandEdges) {
  EXPECT_EQ(Imps(0), 0);
  EXPECT_EQ(Imps(10), 0);
  EXPECT_EQ(Imps(20), 1);
  EXPECT_EQ(Imps(420), 9);
  EXPECT_EQ(Imps(430), 10);
  EXPECT_EQ(Imps(-620), -12);
  EXPECT_EQ(Imps(3990), 23);
  EXPECT_EQ(Imps(4000), 24);
  EXPECT_EQ(Imps(9000), 24);
}

}  // namespace
}  // namespace kibitzer::bridge
