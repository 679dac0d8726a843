// The exact tarok solver against a plain full-width minimax on random end positions of every
// contract, and the seed-style search's basic sanity.
#include <gtest/gtest.h>

#include "engine/games/tarok/deal.h"
#include "engine/games/tarok/solver.h"

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
  std::array<Mask, kPlayers> piles{};
  if (declarer >= 0) {
    // Some of the talon counts for the declarer, the rest for an opponent.
    for (int i = 0; i < 6; ++i)
      piles[i < TalonTake(contract) ? declarer : (declarer + 1) % 3] |= Bit(d.talon[i]);
  }
  PlayState s(contract, declarer, d.hands, static_cast<int>(rng.Below(3)), d.talon, piles);
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

}  // namespace
}  // namespace kibitzer::tarok
