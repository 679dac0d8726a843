// The engine against Debian's libdds (DDS 2.9) on freshly generated seeded random deals and
// mid-play positions: tables, par for every dealer and vulnerability, every card's value, and the
// play analysis of a whole played deal. libdds is linked into the tests only.
#include <map>
#include <vector>

#include "engine/core/rng.h"
#include "engine/games/bridge/dd/dd_batch.h"
#include "engine/games/bridge/dd/dd_table.h"
#include "engine/games/bridge/records/play_analysis.h"
#include "gtest/gtest.h"
#include "tests/oracle/dds_oracle.h"

namespace kibitzer::bridge {
namespace {

Hands RandomDeal(core::Rng& rng) {
  std::vector<int> deck;
  for (int s = 0; s < 4; ++s) {
    for (int r = 2; r <= 14; ++r) deck.push_back(MakeCard(s, r));
  }
  rng.Shuffle(deck.begin(), deck.end());
  Hands hands{};
  for (int i = 0; i < 52; ++i) hands[i / 13].Add(deck[i]);
  return hands;
}

int RandomLegalCard(core::Rng& rng, const PlayPosition& p) {
  std::vector<int> legal;
  const CardSet cards = p.LegalCards();
  for (int c = 0; c < 64; ++c) {
    if (cards.Contains(c)) legal.push_back(c);
  }
  return legal[rng.Below(legal.size())];
}

TEST(BridgeOracle, TablesOfRandomDealsMatchLibdds) {
  core::Rng rng(20261121);
  std::vector<Hands> deals;
  for (int i = 0; i < 4; ++i) deals.push_back(RandomDeal(rng));
  const std::vector<DdTable> ours = SolveTables(deals, BatchOptions{});
  for (size_t i = 0; i < deals.size(); ++i) {
    EXPECT_EQ(ours[i].tricks, oracle::DdsTable(deals[i]).tricks) << FormatPbnDeal(deals[i]);
  }
}

TEST(BridgeOracle, ParForEveryDealerAndVulnerabilityMatchesLibdds) {
  // Par needs only a table: use DDS's own tables of random deals, so this checks par alone.
  core::Rng rng(77);
  std::vector<Hands> deals;
  for (int i = 0; i < 40; ++i) deals.push_back(RandomDeal(rng));
  const std::vector<DdTable> tables = oracle::DdsTables(deals);
  int checked = 0;
  for (size_t i = 0; i < tables.size(); ++i) {
    for (int dealer = 0; dealer < 4; ++dealer) {
      for (Vulnerability v : {Vulnerability::kNone, Vulnerability::kNorthSouth,
                              Vulnerability::kEastWest, Vulnerability::kBoth}) {
        const Par ours = DealerPar(tables[i], dealer, v);
        const Par dds = oracle::DdsDealerPar(tables[i], dealer, v);
        EXPECT_EQ(ours.score, dds.score)
            << FormatPbnDeal(deals[i]) << " dealer " << dealer << " vul " << VulnerabilityName(v);
        EXPECT_EQ(ours.contracts, dds.contracts)
            << FormatPbnDeal(deals[i]) << " dealer " << dealer << " vul " << VulnerabilityName(v);
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 40 * 16);
}

TEST(BridgeOracle, EveryCardOfRandomMidPlayPositionsMatchesLibdds) {
  core::Rng rng(4242);
  std::vector<PlayPosition> positions;
  for (int i = 0; i < 300; ++i) {
    PlayPosition p;
    p.hands = RandomDeal(rng);
    p.trump = static_cast<int>(rng.Below(5));
    p.leader = static_cast<int>(rng.Below(4));
    // 3 to 12 tricks played, then 0 to 3 cards of the next.
    const int cards = 4 * (3 + static_cast<int>(rng.Below(10))) + static_cast<int>(rng.Below(4));
    for (int c = 0; c < cards; ++c) p.Play(RandomLegalCard(rng, p));
    p.ns_tricks = p.ew_tricks = 0;
    positions.push_back(p);
  }
  const auto ours = SolveCardsBatch(positions, BatchOptions{});
  for (size_t i = 0; i < positions.size(); ++i) {
    std::map<int, int> got(ours[i].begin(), ours[i].end());
    const auto dds = oracle::DdsSolveBoard(positions[i]);
    std::map<int, int> want(dds.begin(), dds.end());
    EXPECT_EQ(got, want) << FormatPbnDeal(positions[i].hands) << " trump " << positions[i].trump
                         << " leader " << positions[i].leader << " on table "
                         << positions[i].table_count;
  }
}

TEST(BridgeOracle, PlayAnalysisOfARandomlyPlayedDealMatchesLibdds) {
  core::Rng rng(99);
  GameRecord record;
  record.deal = RandomDeal(rng);
  record.contract = Contract{3, kNoTrump, 0};
  record.declarer = kSouth;
  PlayPosition p;
  p.hands = record.deal;
  p.trump = kNoTrump;
  p.leader = kWest;
  // Random cards: many of them give tricks away.
  while (!p.Finished()) {
    const int card = RandomLegalCard(rng, p);
    record.play.push_back(card);
    p.Play(card);
  }
  DoubleDummySolver solver;
  absl::StatusOr<PlayAnalysis> analysis = AnalysePlay(solver, record);
  ASSERT_TRUE(analysis.ok()) << analysis.status();
  ASSERT_EQ(analysis->steps.size(), 52u);
  // Replay, asking DDS for the value after each card that leaves cards to play.
  PlayPosition q;
  q.hands = record.deal;
  q.trump = kNoTrump;
  q.leader = kWest;
  int costly = 0;
  for (const PlayStep& step : analysis->steps) {
    q.Play(step.card);
    costly += step.cost > 0;
    EXPECT_GE(step.cost, 0);
    if (q.Finished()) break;
    PlayPosition fresh = q;
    fresh.ns_tricks = fresh.ew_tricks = 0;
    const auto dds = oracle::DdsSolveBoard(fresh);
    int best = 0;
    for (const auto& [card, value] : dds) best = std::max(best, value);
    const int won = q.ns_tricks;  // declarer is South
    const int dds_total = won + (IsNorthSouth(q.ToMove()) ? best : fresh.TricksLeft() - best);
    EXPECT_EQ(step.after, dds_total) << "after " << CardName(step.card);
  }
  EXPECT_GT(costly, 0);  // random play gives tricks away
}

}  // namespace
}  // namespace kibitzer::bridge
