// The tarok match players: the Monte Carlo player's exact solving before its exact tricks, kept
// only when the move fits its node budget; its bid margin.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "engine/games/tarok/players/players.h"
#include "engine/games/tarok/rules/deal.h"
#include "engine/games/tarok/solver/solver.h"
#include "engine/games/tarok/view/view.h"
#include "tests/engine/tarok_positions.h"

namespace kibitzer::tarok {
namespace {

// A seat's view in the play with `left` tricks to go and a choice of cards for the seat to move.
Round ViewWithTricksLeft(int left, uint64_t seed) {
  static const TarokGame game;
  core::Rng rng(seed);
  for (int tries = 0; tries < 2000; ++tries) {
    std::optional<Round> full;
    const auto spec = MoversView(
        game, rng, 6 + 3 * (kTricks - left),
        [&](const Round& r) {
          return IsNormal(r.contract()) && kTricks - r.play().TricksDone() == left &&
                 std::popcount(r.play().Legal()) > 2;
        },
        &full);
    if (!spec.has_value()) continue;
    auto view = game.Setup(*spec);
    EXPECT_TRUE(view.ok()) << view.status();
    return static_cast<const TarokState&>(**view).round();
  }
  ADD_FAILURE() << "no position with " << left << " tricks left";
  return Round(Rules{}, DealCards{});
}

struct Choice {
  Move move;
  std::optional<double> value;  // given for a card solved exactly
  uint64_t nodes = 0;           // as the player reports them
  uint64_t searched = 0;        // all the solver searched, an abandoned try included
};

Choice Choose(const Round& view, const std::string& player) {
  const absl::StatusOr<PlayerOptions> o = ParsePlayer(player, "players");
  EXPECT_TRUE(o.ok()) << o.status();
  Solver solver(16);
  Choice c;
  c.move = ChooseMove(view, *o, 11, solver, &c.nodes, &c.value);
  c.searched = solver.nodes();
  return c;
}

TEST(TarokPlayers, BeforeItsExactTricksAMoveIsSolvedExactlyWhenItFitsItsBudget) {
  for (uint64_t seed : {1, 2, 3}) {
    const Round view = ViewWithTricksLeft(9, seed);
    // Exact from 9 tricks left with no budget: the reference.
    const Choice exact = Choose(view, "mc:4:9");
    ASSERT_TRUE(exact.value.has_value());
    // Within a budget it fits: the same card and value, solved exactly.
    const Choice fits = Choose(view, "mc:4:7:budget_tricks=9:budget_nodes=1000000000");
    EXPECT_EQ(fits.move, exact.move);
    EXPECT_EQ(fits.value, exact.value);
    EXPECT_EQ(fits.nodes, exact.nodes);
    // A budget of one node: the seed's search decides, as with no exact solving at all (its
    // value is its own evaluation, not given), after the one node the budget allowed.
    const Choice over = Choose(view, "mc:4:7:budget_tricks=9:budget_nodes=1");
    const Choice seed_search = Choose(view, "mc:4:7:budget_tricks=0");
    EXPECT_FALSE(over.value.has_value());
    EXPECT_FALSE(seed_search.value.has_value());
    EXPECT_EQ(over.move, seed_search.move);
    EXPECT_GT(over.searched, seed_search.searched);
    // Further from the end than budget_tricks nothing is tried.
    const Choice beyond = Choose(view, "mc:4:7:budget_tricks=8:budget_nodes=1000000000");
    EXPECT_FALSE(beyond.value.has_value());
    EXPECT_EQ(beyond.searched, seed_search.searched);
  }
}

TEST(TarokPlayers, AContractIsBidOnlyWhenItsMeanPassesTheBidMargin) {
  // The first bidder of seeded deals: where mc bids a contract on its simulated mean v (and may
  // pass), a margin below v bids the same; a margin of v or more passes.
  int bids = 0;
  for (uint64_t seed = 1; seed <= 40 && bids < 2; ++seed) {
    const Round full(Rules{}, RandomDeal(seed));
    const Round view = SeatView(full, {}, full.ToMove());
    const std::vector<Move> legal = view.LegalMoves();
    if (std::none_of(legal.begin(), legal.end(),
                     [](const Move& m) { return m.code == Move::kPass; })) {
      continue;
    }
    const Choice plain = Choose(view, "mc:bid_samples=40");
    if (plain.move.code == Move::kPass || !plain.value.has_value() || *plain.value < 1) continue;
    ++bids;
    const int v = static_cast<int>(*plain.value);
    const Choice below = Choose(view, "mc:bid_samples=40:bid_margin=" + std::to_string(v - 1));
    EXPECT_EQ(below.move, plain.move);
    const Choice above =
        Choose(view, "mc:bid_samples=40:bid_margin=" +
                         std::to_string(static_cast<int>(std::ceil(*plain.value))));
    EXPECT_EQ(above.move.code, Move::kPass);
  }
  EXPECT_EQ(bids, 2) << "no first bidder of the seeded deals bid a contract";
}

TEST(TarokPlayers, TheBudgetIsNamedWhereItIsNotTheDefault) {
  EXPECT_EQ(PlayerName(*ParsePlayer("mc", "p")), "mc:8:7");
  EXPECT_EQ(PlayerName(*ParsePlayer("mc:4:7:budget_nodes=5", "p")), "mc:4:7:budget_nodes=5");
  EXPECT_FALSE(ParsePlayer("mc:budget_tricks=17", "players").ok());
  EXPECT_EQ(PlayerName(*ParsePlayer("mc:bid_margin=6", "p")), "mc:8:7:bid_margin=6");
}

}  // namespace
}  // namespace kibitzer::tarok
