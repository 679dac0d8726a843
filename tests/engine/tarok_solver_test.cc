// The exact tarok solver against a plain full-width minimax on random end positions of every
// contract, and the seed-style search's basic sanity.
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "engine/core/search_control.h"
#include "engine/games/tarok/rules/deal.h"
#include "engine/games/tarok/solver/solver.h"

namespace kibitzer::tarok {
namespace {

constexpr Contract kContracts[] = {
    Contract::kKlop,       Contract::kThree,       Contract::kTwo,
    Contract::kOne,        Contract::kBeggar,      Contract::kSoloWithout,
    Contract::kOpenBeggar, Contract::kColourValat, Contract::kValat};

// A random position of `contract` with `tricks_left` tricks to play (and sometimes a card or two
// of the current trick played), reached by random legal play from a random deal.
PlayState RandomEndPosition(core::Rng& rng, Contract contract, int tricks_left) {
  const DealCards d = RandomDeal(rng);
  const int declarer = contract == Contract::kKlop ? -1 : static_cast<int>(rng.Below(3));
  std::array<Mask, kMaxPlayers> piles{};
  if (declarer >= 0) {
    // Some of the talon counts for the declarer, the rest for an opponent.
    for (int i = 0; i < 6; ++i)
      piles[i < TalonTake(contract) ? declarer : (declarer + 1) % 3] |= Bit(d.talon[i]);
  }
  PlayState s(3, contract, declarer, d.hands, static_cast<int>(rng.Below(3)), d.talon, piles);
  const int stop = (kTricks - tricks_left) * 3 + static_cast<int>(rng.Below(3));
  for (int ply = 0; ply < stop && !s.IsOver(); ++ply) {
    const Mask legal = s.Legal();
    int k = static_cast<int>(rng.Below(static_cast<uint64_t>(std::popcount(legal))));
    Mask m = legal;
    while (k-- > 0) m &= m - 1;
    s.Play(Lowest(m));
  }
  return s;
}

TEST(TarokSolver, AgreesWithPlainMinimaxOnThousandsOfEndPositions) {
  core::Rng rng(20261122);
  Solver solver(16);
  int positions = 0;
  for (int i = 0; i < 3000; ++i) {
    const Contract c = kContracts[i % 9];
    const PlayState s = RandomEndPosition(rng, c, 4);
    if (s.IsOver()) continue;
    const int perspective = static_cast<int>(rng.Below(3));
    solver.Clear();
    ASSERT_EQ(solver.Solve(s, perspective), PlainMinimax(s, perspective))
        << ContractName(c) << " position " << i;
    ++positions;
  }
  EXPECT_GT(positions, 1500);
}

TEST(TarokSolver, EveryCardsValueAtFiveTricks) {
  core::Rng rng(7);
  Solver solver(16);
  for (int i = 0; i < 90; ++i) {
    const Contract c = kContracts[i % 9];
    const PlayState s = RandomEndPosition(rng, c, 5);
    if (s.IsOver()) continue;
    const int perspective = s.ToMove();
    solver.Clear();
    for (const CardValue& cv : solver.SolveAll(s, perspective)) {
      PlayState child = s;
      child.Play(cv.card);
      EXPECT_EQ(cv.value, PlainMinimax(child, perspective))
          << ContractName(c) << " position " << i << " card " << CardName(cv.card);
    }
  }
}

TEST(TarokSolver, AHorizonBeyondTheEndIsTheExactValueAndOneCloserIsAnEstimate) {
  core::Rng rng(31);
  Solver solver(16);
  int differ = 0, checked = 0;
  for (int i = 0; i < 180; ++i) {
    const Contract c = kContracts[i % 9];
    const PlayState s = RandomEndPosition(rng, c, 4);
    if (s.IsOver()) continue;
    const int perspective = s.ToMove();
    const int plies = (kTricks - s.TricksDone()) * 3 - s.CardsInTrick();
    // Searched to the end, no horizon is met: every card's value is exact.
    const std::vector<CardValue> deep = solver.HorizonSearch(s, perspective, plies);
    // To the end of the trick after next (or sooner), the rules of thumb play the rest.
    const std::vector<CardValue> near = solver.HorizonSearch(s, perspective, 1);
    ASSERT_EQ(deep.size(), static_cast<size_t>(std::popcount(s.Legal())));
    ASSERT_EQ(near.size(), deep.size());
    for (size_t k = 0; k < deep.size(); ++k) {
      PlayState child = s;
      child.Play(deep[k].card);
      EXPECT_EQ(deep[k].value, PlainMinimax(child, perspective))
          << ContractName(c) << " position " << i << " card " << CardName(deep[k].card);
      EXPECT_EQ(near[k].card, deep[k].card);
      const int most = IsBeggar(c) || IsValat(c) ? 1 : 70;
      EXPECT_GE(near[k].value, 0);
      EXPECT_LE(near[k].value, most);
      differ += near[k].value != deep[k].value;
      ++checked;
    }
  }
  EXPECT_GT(checked, 200);
  // The rules of thumb are not best play: a horizon this close must miss some values.
  EXPECT_GT(differ, 0);
}

TEST(TarokSolver, TableKeptBetweenSolvesGivesTheSameValues) {
  // The table's entries hold for every position they match, of the same deal or not (the run
  // cards below an entry's region are told apart by count only), so solving positions of many
  // deals of one contract without clearing must give the values of solving each alone.
  core::Rng rng(99);
  Solver shared(16);
  Solver alone(16);
  for (int i = 0; i < 900; ++i) {
    const PlayState s = RandomEndPosition(rng, kContracts[1 + i / 300], 5 + i % 2);
    if (s.IsOver()) continue;
    alone.Clear();
    ASSERT_EQ(shared.Solve(s, 0), alone.Solve(s, 0)) << i;
  }
}

TEST(TarokSolver, AStoppedSolverSolvesAgainUnderANewControl) {
  // A search stopped by its node limit leaves stopped() set; the next SetControl starts afresh,
  // and the solver (cleared) then gives the value a fresh solver gives.
  core::Rng rng(5);
  Solver solver(16);
  int stops = 0;
  for (int i = 0; i < 20; ++i) {
    const PlayState s = RandomEndPosition(rng, Contract::kThree, 8);
    if (s.IsOver()) continue;
    core::Limits limits;
    limits.nodes = 1;
    core::StopToken token;
    core::SearchControl control(limits, &token);
    solver.SetControl(&control);
    solver.Clear();
    solver.Solve(s, 0);
    if (!solver.stopped()) continue;
    ++stops;
    solver.SetControl(nullptr);
    EXPECT_FALSE(solver.stopped());
    solver.Clear();
    Solver fresh(16);
    EXPECT_EQ(solver.Solve(s, 0), fresh.Solve(s, 0)) << i;
    EXPECT_FALSE(solver.stopped());
  }
  EXPECT_GT(stops, 5);
}

TEST(TarokSolver, SeedSearchPrefersTakingPointsAtTheEnd) {
  // With one trick left the seed search to the end is exact: its preference matches the
  // solver's for the player to move.
  core::Rng rng(5);
  Solver solver(16);
  int compared = 0;
  for (int i = 0; i < 300 && compared < 100; ++i) {
    const PlayState s = RandomEndPosition(rng, Contract::kThree, 2);
    if (s.IsOver() || s.CardsInTrick() != 0) continue;
    const int me = s.ToMove();
    const std::vector<CardValue> seed = solver.SeedSearch(s, me, 6);
    const std::vector<CardValue> exact = solver.SolveAll(s, 0);
    ASSERT_EQ(seed.size(), exact.size());
    // The seed's value is 5 * (own side's points - the other side's): linear in the
    // declarer's points, increasing for the declarer and decreasing for an opponent.
    for (size_t a = 0; a < seed.size(); ++a) {
      for (size_t b = 0; b < seed.size(); ++b) {
        if (exact[a].value > exact[b].value) {
          if (me == s.declarer()) {
            EXPECT_GT(seed[a].value, seed[b].value);
          } else {
            EXPECT_LT(seed[a].value, seed[b].value);
          }
        }
      }
    }
    ++compared;
  }
  EXPECT_GT(compared, 50);
}

TEST(TarokSolverTable, EntriesServeTheirRegionAndClearForgetsThem) {
  // Taroks II..VI (bits 1..5) spread over the three players, and two court cards.
  const int kh = kSuitBase + 7, qh = kSuitBase + 6;
  const std::array<Mask, 3> a = {Bit(1) | Bit(3) | Bit(kh), Bit(2) | Bit(5), Bit(4) | Bit(qh)};
  // The same with II and III swapped between players 0 and 1: they differ only below V.
  const std::array<Mask, 3> b = {Bit(2) | Bit(3) | Bit(kh), Bit(1) | Bit(5), Bit(4) | Bit(qh)};
  const TableKey ka = MakeTableKey(a, 0x81);
  const TableKey kb = MakeTableKey(b, 0x81);
  ASSERT_EQ(ka.counts, kb.counts);
  ASSERT_NE(ka.hands[0], kb.hands[0]);
  // A region from V upwards, given as actual cards and read back.
  const Mask region = RelativeRegion(ka, Bit(4) | Bit(5));
  EXPECT_EQ(RegionCards(ka, region), Bit(4) | Bit(5));
  EXPECT_EQ(RegionCards(kb, region), Bit(4) | Bit(5));

  SolverTable table(10);
  table.Store(ka, region, 7, kNoUpper, -1);
  int best = -1;
  TableHit hit;
  // A lower bound of 7 decides a window (5, 6) for both positions: II and III are below the
  // region, so which hand holds them does not matter.
  EXPECT_TRUE(table.Find(ka, 5, 6, &hit, &best));
  EXPECT_EQ(hit.region, region);
  EXPECT_EQ(hit.lower, 7);
  EXPECT_EQ(hit.upper, kNoUpper);
  EXPECT_TRUE(table.Find(kb, 5, 6, &hit, &best));
  // It does not decide a window above it, nor serve another leader.
  EXPECT_FALSE(table.Find(ka, 7, 8, &hit, &best));
  EXPECT_FALSE(table.Find(MakeTableKey(a, 0x82), 5, 6, &hit, &best));
  // Swapping V and VI, inside the region, makes another position.
  const std::array<Mask, 3> c = {Bit(1) | Bit(3) | Bit(kh), Bit(2) | Bit(4), Bit(5) | Bit(qh)};
  EXPECT_FALSE(table.Find(MakeTableKey(c, 0x81), 5, 6, &hit, &best));

  table.Clear();
  EXPECT_FALSE(table.Find(ka, 5, 6, &hit, &best));
  // Clearing many times (the epoch wraps) never brings an old entry back.
  table.Store(ka, region, 7, kNoUpper, -1);
  for (int i = 0; i < 256; ++i) {
    table.Clear();
    ASSERT_FALSE(table.Find(ka, 5, 6, &hit, &best)) << i;
  }
}

TEST(TarokSolverTable, KeyCountsEveryHandsRunCards) {
  // Per hand, 17 bits: its taroks II..XX, then each suit's pips in three bits, suit 0 highest.
  core::Rng rng(3);
  for (int i = 0; i < 2000; ++i) {
    const DealCards d = RandomDeal(rng);
    std::array<Mask, 3> hands = {d.hands[0], d.hands[1], d.hands[2]};
    // Some cards gone, as in play.
    for (Mask& h : hands) h &= rng.Next() | rng.Next();
    uint64_t expected = 0;
    for (int p = 0; p < 3; ++p) {
      uint64_t c = static_cast<uint64_t>(std::popcount(hands[p] & kTarokRun));
      for (int suit = 0; suit < 4; ++suit) {
        c = c << 3 | static_cast<uint64_t>(std::popcount(hands[p] & SuitPips(suit)));
      }
      expected |= c << (17 * p);
    }
    ASSERT_EQ(MakeTableKey(hands, 0x80).counts, expected) << i;
  }
}

// A full set gives up its oldest entry (in turn), whatever the depth of the others: a set whose
// old deep entries never left would serve the rest of a long search with one place only.
TEST(TarokSolverTable, AFullSetReplacesItsOldestEntry) {
  const std::array<Mask, 3> hands = {Bit(1) | Bit(kSuitBase), Bit(2) | Bit(kSuitBase + 8),
                                     Bit(3) | Bit(kSuitBase + 16)};
  std::vector<TableKey> keys;
  for (int i = 0; i < 6; ++i) keys.push_back(MakeTableKey(hands, static_cast<uint8_t>(0x80 + i)));
  SolverTable table(2);  // one set of four
  int best = -1;
  TableHit hit;
  auto held = [&](int i) { return table.Find(keys[i], 0, 1, &hit, &best); };
  for (int i = 0; i < 4; ++i) table.Store(keys[i], 0, 5, 5, -1);
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(held(i)) << i;
  // Tightening an entry's bounds keeps it in its place and evicts nothing.
  table.Store(keys[2], 0, 5, 5, -1);
  table.Store(keys[4], 0, 5, 5, -1);
  EXPECT_FALSE(held(0));
  EXPECT_TRUE(held(1) && held(2) && held(3) && held(4));
  table.Store(keys[5], 0, 5, 5, -1);
  EXPECT_FALSE(held(1));
  EXPECT_TRUE(held(2) && held(3) && held(4) && held(5));
}

}  // namespace
}  // namespace kibitzer::tarok
