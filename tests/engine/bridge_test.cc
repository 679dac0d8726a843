// Bridge: PBN refusals, rules of play, and double-dummy analysis through the Game interface.
#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "engine/core/rng.h"
#include "engine/games/bridge/bridge_game.h"
#include "engine/games/bridge/dd/dd_bits.h"
#include "engine/games/bridge/dd/dd_solver.h"
#include "engine/games/bridge/dd/dd_table_store.h"
#include "gtest/gtest.h"
#include "tests/engine/test_sink.h"

namespace kibitzer::bridge {
namespace {

// A five-card ending from the reference data, West to lead, spades trumps.
constexpr char kEnding[] = "N:A3.5.K. J..Q.K2 5.AK.6. T.T9.A.";
// (four cards each; East is void in hearts)

core::PositionSpec Pos(std::string notation, std::vector<std::string> moves = {},
                       core::OptionMap options = {}) {
  core::PositionSpec p;
  p.notation = std::move(notation);
  p.moves = std::move(moves);
  p.options = std::move(options);
  return p;
}

std::string Refusal(const core::PositionSpec& p) {
  BridgeGame game;
  auto s = game.Setup(p);
  EXPECT_FALSE(s.ok());
  if (s.ok()) return "";
  EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
  return std::string(s.status().message());
}

TEST(BridgePbn, RefusesMalformedDealsWithTheReason) {
  EXPECT_NE(Refusal(Pos("N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 J876.KJ852.5.Q76 T5.T97.K87.AT98A"))
                .find("appears twice"),
            std::string::npos);
  EXPECT_NE(Refusal(Pos("N:AKQ2.AQ6.J64.J532 943.43.AQT9.K2 J876.KJ852.5.Q76 T5.T97.K87.AT984"))
                .find("has 14 cards"),
            std::string::npos);
  EXPECT_NE(Refusal(Pos("N:A3.5.K. J..Q.K2 5.AK.6. T.T9..")).find("unequal hands"),
            std::string::npos);
  EXPECT_NE(Refusal(Pos("X:A.. .. .. ..")).find("not a seat"), std::string::npos);
  EXPECT_NE(Refusal(Pos("N:A.. .. ..")).find("4 hands"), std::string::npos);
  EXPECT_NE(Refusal(Pos("N:AZ... ... ... ...")).find("'Z' is not a rank"), std::string::npos);
  EXPECT_NE(Refusal(Pos(kEnding, {}, {{"trump", "X"}})).find("options[trump]"), std::string::npos);
}

TEST(BridgePbn, ReadsTensAndLowerCaseAndWritesCanonically) {
  auto hands = ParsePbnDeal("E:a10.a.2. Q.Q.Q.Q J.J.J.J K.K.K.K", "deal");
  ASSERT_TRUE(hands.ok()) << hands.status();
  EXPECT_EQ(FormatPbnDeal(*hands), "N:K.K.K.K AT.A.2. Q.Q.Q.Q J.J.J.J");
}

TEST(BridgePlay, MovesFollowSuitAndRefuseARevoke) {
  BridgeGame game;
  // West leads the heart ten: North must follow with the five.
  auto s = game.Setup(Pos(kEnding, {"HT"}, {{"trump", "S"}, {"leader", "W"}}));
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ((*s)->SideToMove(), "N");
  EXPECT_EQ((*s)->LegalMoves(), std::vector<std::string>{"H5"});
  const std::string revoke = Refusal(Pos(kEnding, {"HT", "SA"}, {{"trump", "S"}, {"leader", "W"}}));
  EXPECT_NE(revoke.find("moves[1]"), std::string::npos);
  EXPECT_NE(revoke.find("revoke"), std::string::npos);
  EXPECT_NE(Refusal(Pos(kEnding, {"SA"}, {{"leader", "W"}})).find("does not hold it"),
            std::string::npos);
}

TEST(BridgePlay, TrumpsWinAndTheWinnerLeads) {
  BridgeGame game;
  // W leads HT, N follows H5, E (void) ruffs with the jack, S plays HA: East wins and leads.
  auto s = game.Setup(Pos(kEnding, {"HT", "H5", "SJ", "HA"}, {{"trump", "S"}, {"leader", "W"}}));
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ((*s)->SideToMove(), "E");
  const core::PositionSpec normal = (*s)->Normalized();
  EXPECT_TRUE(normal.moves.empty());
  EXPECT_EQ(normal.options.at("leader"), "E");
}

TEST(BridgePlay, AHandPlayedOutGivesTheContractsResultAndScore) {
  // One played hand (West leads against South): North-South take 10 tricks.
  const std::vector<std::string> play = absl::StrSplit(
      "CT C5 CK C7 DT D5 DK DJ C9 C3 C2 CQ SJ ST S2 S9 S8 S5 SA S4 SK S3 S7 HT SQ H4 S6 H9 HA H3 "
      "HK H7 HQ DA HJ D8 H6 DQ H8 D7 H5 C8 D6 D9 H2 C4 D4 D3 C6 CA CJ D2",
      ' ');
  const std::string deal = "N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 J876.KJ852.5.Q76 T5.T97.K87.AT984";
  const struct {
    core::OptionMap options;
    std::string result;
  } cases[] = {
      {{{"contract", "3NT"}, {"declarer", "S"}, {"vulnerable", "NS"}},
       "3NT by S made with 1 over: North-South +630"},
      {{{"contract", "4SX"}, {"declarer", "S"}, {"vulnerable", "All"}},
       "4SX by S made: North-South +790"},
      {{{"contract", "6NT"}, {"declarer", "S"}}, "6NT by S down 2: North-South -100"},
      // No contract: the tricks only.
      {{{"trump", "N"}, {"leader", "W"}}, "East-West took 3 of the tricks from the position"},
  };
  BridgeGame game;
  for (const auto& c : cases) {
    auto s = game.Setup(Pos(deal, play, c.options));
    ASSERT_TRUE(s.ok()) << s.status();
    ASSERT_TRUE((*s)->IsTerminal());
    const std::string outcome = (*s)->Outcome();
    EXPECT_NE(outcome.find("North-South took 10"), std::string::npos) << outcome;
    EXPECT_TRUE(absl::EndsWith(outcome, c.result)) << outcome;
  }
  // An ending played out counts only its own four tricks: no contract result.
  const core::OptionMap contract = {{"contract", "1S"}, {"declarer", "N"}, {"leader", "W"}};
  std::vector<std::string> moves;
  auto ending = game.Setup(Pos(kEnding, moves, contract));
  ASSERT_TRUE(ending.ok()) << ending.status();
  while (!(*ending)->IsTerminal()) {
    moves.push_back((*ending)->LegalMoves().front());
    ending = game.Setup(Pos(kEnding, moves, contract));
    ASSERT_TRUE(ending.ok()) << ending.status();
  }
  EXPECT_EQ(moves.size(), 16u);
  const std::string outcome = (*ending)->Outcome();
  EXPECT_NE(outcome.find("of the tricks from the position"), std::string::npos) << outcome;
  EXPECT_EQ(outcome.find("1S by N"), std::string::npos) << outcome;
}

TEST(BridgeAnalysis, EveryCardIsScoredAndProgressShowsEachGroup) {
  BridgeGame game;
  const core::PositionSpec p = Pos(kEnding, {}, {{"trump", "S"}, {"leader", "W"}});
  testing::CollectingSink sink;
  const core::Report r = testing::RunSearch(game, p, core::SearchSpec{}, &sink);
  EXPECT_EQ(r.stop_reason, core::StopReason::kCompleted);
  ASSERT_EQ(r.moves.size(), 4u);  // West holds four cards, all legal on lead
  EXPECT_FALSE(sink.progress.empty());
  // The values agree with the solver run directly.
  auto state = game.Setup(p);
  DoubleDummySolver solver;
  const int best = solver.Solve(static_cast<const BridgeState&>(**state).position());
  EXPECT_EQ(r.moves.front().value, best);
  for (const auto& [card, value] :
       solver.SolveCards(static_cast<const BridgeState&>(**state).position())) {
    bool found = false;
    for (const auto& m : r.moves) {
      if (m.move == CardName(card)) {
        EXPECT_EQ(m.value, value) << m.move;
        found = true;
      }
    }
    EXPECT_TRUE(found) << CardName(card);
  }
}

// Each card's line of play runs to the last trick, every card legal when played, and played out
// it gives the side to move exactly the card's value; at each turn no card does better for the
// side playing it.
TEST(BridgeAnalysis, EachCardsLineOfPlayIsLegalAndKeepsItsValue) {
  BridgeGame game;
  const core::PositionSpec p =
      Pos("N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 J876.KJ852.5.Q76 T5.T97.K87.AT984", {},
          {{"trump", "N"}, {"leader", "W"}});
  const core::Report r = testing::RunSearch(game, p, core::SearchSpec{});
  ASSERT_EQ(r.stop_reason, core::StopReason::kCompleted);
  auto state = game.Setup(p);
  ASSERT_TRUE(state.ok());
  const PlayPosition start = static_cast<const BridgeState&>(**state).position();
  DoubleDummySolver solver;
  for (const core::MoveValue& mv : r.moves) {
    ASSERT_EQ(mv.pv.size(), 52u) << mv.move;
    EXPECT_EQ(mv.pv.front(), mv.move);
    PlayPosition at = start;
    const bool ns = IsNorthSouth(at.ToMove());
    for (size_t i = 0; i < mv.pv.size(); ++i) {
      const int card = *ParseCard(mv.pv[i]);
      ASSERT_TRUE(at.LegalCards().Contains(card)) << mv.move << " ply " << i;
      if (i > 0 && i % 13 == 1) {  // a sample of turns: the line's card is a best card
        EXPECT_EQ(solver.SolveCard(at, card), solver.Solve(at)) << mv.move << " ply " << i;
      }
      at.Play(card);
    }
    EXPECT_EQ(ns ? at.ns_tricks : at.ew_tricks, mv.value) << mv.move;
  }
}

TEST(BridgeAnalysis, AStoppedAnalysisScoresEveryCardWithinWhatItProved) {
  BridgeGame game;
  core::Rng rng(41);
  int proven = 0;
  for (int i = 0; i < 12; ++i) {
    // A random deal of `cards` cards a hand, so that a solve takes some thousands of nodes.
    std::vector<int> deck;
    for (int s = 0; s < 4; ++s) {
      for (int r = 2; r <= 14; ++r) deck.push_back(s * 16 + r);
    }
    for (size_t k = deck.size() - 1; k > 0; --k) std::swap(deck[k], deck[rng.Below(k + 1)]);
    const int cards = 8 + i % 3;
    Hands hands;
    for (int h = 0; h < 4; ++h) {
      for (int k = 0; k < cards; ++k) hands[h].Add(deck[h * cards + k]);
    }
    const core::PositionSpec p =
        Pos(FormatPbnDeal(hands), {}, {{"trump", i % 2 == 0 ? "N" : "H"}, {"leader", "E"}});
    core::SearchSpec search;
    search.limits.nodes = uint64_t{300} << (i % 4);
    const core::Report r = testing::RunSearch(game, p, search);
    ASSERT_EQ(r.stop_reason, core::StopReason::kNodeLimit) << i << " " << r.message;
    auto state = game.Setup(p);
    ASSERT_TRUE(state.ok()) << state.status();
    const PlayPosition& position = static_cast<const BridgeState&>(**state).position();
    ASSERT_EQ(r.moves.size(), static_cast<size_t>(position.LegalCards().size()));
    EXPECT_EQ(r.best_move, r.moves.front().move);
    DoubleDummySolver solver;
    for (const auto& [card, value] : solver.SolveCards(position)) {
      for (const core::MoveValue& m : r.moves) {
        if (m.move != CardName(card)) continue;
        if (m.bound == core::Bound::kExact) {
          EXPECT_EQ(m.value, value) << m.move;
          continue;
        }
        ASSERT_EQ(m.bound, core::Bound::kLower) << m.move;
        ASSERT_EQ(m.metrics.size(), 2u);
        EXPECT_EQ(m.value, m.metrics[0].value);
        EXPECT_LE(m.metrics[0].value, value) << m.move << " " << m.display;
        EXPECT_GE(m.metrics[1].value, value) << m.move << " " << m.display;
        proven += m.display.find("proven") != std::string::npos &&
                  m.metrics[1].value - m.metrics[0].value < cards;
      }
    }
  }
  // Some stops fell after a search of a card had narrowed its bounds.
  EXPECT_GT(proven, 2);
}

TEST(BridgeSolver, CardsOfOneGroupShareTheirValue) {
  // North holds the two top spades: one group of equal cards, and both tricks.
  PlayPosition p;
  p.hands = *ParsePbnDeal("N:AK... Q2... J3... T4...", "deal");
  p.trump = kNoTrump;
  p.leader = kNorth;
  const auto groups = DoubleDummySolver::CardGroups(p);
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].size(), 2u);
  DoubleDummySolver solver;
  EXPECT_EQ(solver.Solve(p), 2);
}

// Two whole deals for the table tests below (from tests/data/bridge/dd_tables_public.txt).
PlayPosition WholeDeal(const char* pbn, int trump, int leader) {
  PlayPosition p;
  p.hands = *ParsePbnDeal(pbn, "deal");
  p.trump = trump;
  p.leader = leader;
  return p;
}
constexpr char kDealA[] = "N:Q64.JT98742.7.T6 K2.AK.JT8542.954 T983.5.A93.AJ732 AJ75.Q63.KQ6.KQ8";
constexpr char kDealB[] = "N:T2.A63.KT85.9743 AK865.J84.AJ7.K6 Q9743.KQ5.632.AQ J.T972.Q94.JT852";

TEST(BridgeSolver, ANewDealsSearchDoesNotDependOnTheDealsBefore) {
  const PlayPosition a = WholeDeal(kDealA, kHearts, kWest);
  const PlayPosition b = WholeDeal(kDealB, kSpades, kNorth);
  DoubleDummySolver fresh;
  fresh.ClearTableForNewDeal(b);
  const int value = fresh.Solve(b);
  const uint64_t nodes = fresh.nodes();
  DoubleDummySolver used;
  used.ClearTableForNewDeal(a);
  used.Solve(a);
  used.ResetNodes();
  used.ClearTableForNewDeal(b);
  EXPECT_EQ(used.Solve(b), value);
  EXPECT_EQ(used.nodes(), nodes);
}

TEST(BridgeSolver, APositionLaterInTheSameDealKeepsTheTable) {
  const PlayPosition start = WholeDeal(kDealA, kNoTrump, kWest);
  PlayPosition later = start;
  for (int i = 0; i < 4; ++i) later.Play(later.LegalCards().Lowest());
  DoubleDummySolver fresh;
  fresh.ClearTableForNewDeal(later);
  const int value = fresh.Solve(later);
  DoubleDummySolver kept;
  kept.ClearTableForNewDeal(start);
  kept.Solve(start);
  kept.ResetNodes();
  kept.ClearTableForNewDeal(later);
  EXPECT_EQ(kept.Solve(later), value);
  EXPECT_LT(kept.nodes(), fresh.nodes());
}

TEST(BridgeSolver, RootOrderListsEveryLegalCardOnceFromTheMoveWeights) {
  // West leads: every card of his hand once, and the order does not depend on what the solver
  // searched before.
  const PlayPosition p = WholeDeal(kDealA, kNoTrump, kWest);
  DoubleDummySolver solver;
  const std::vector<int> order = solver.RootOrder(p);
  uint64_t seen = 0;
  for (const int card : order) seen |= uint64_t{1} << card;
  EXPECT_EQ(order.size(), 13u);
  EXPECT_EQ(seen, p.LegalCards().mask());
  solver.SolveCards(p);
  EXPECT_EQ(solver.RootOrder(p), order);
}

}  // namespace
}  // namespace kibitzer::bridge

namespace kibitzer::bridge {
namespace {

// ExpandTop undoes Compress on what the table stores (the top cards of each suit), and
// SelectLive finds the live card at a relative index.
TEST(BridgeSolver, ExpandTopAndSelectLiveInvertCompress) {
  core::Rng rng(31);
  for (int i = 0; i < 2000; ++i) {
    const uint64_t live = rng.Next() & kFullDeck.mask();
    uint64_t top = 0;
    for (int suit = 0; suit < 4; ++suit) {
      const uint64_t lane = live & dd::Lane(suit);
      const int keep = static_cast<int>(rng.Below(static_cast<uint64_t>(std::popcount(lane)) + 1));
      top |= dd::TopCards(lane, keep);
    }
    EXPECT_EQ(dd::ExpandTop(dd::Compress(top, live), live), top);
    int index = 0;
    for (uint64_t m = live; m != 0; m &= m - 1) {
      EXPECT_EQ(dd::SelectLive(live, index++), dd::Bottom(m));
    }
    EXPECT_EQ(dd::SelectLive(live, index), -1);
  }
}

// Clear is O(1) (slots carry an epoch): what was stored before any number of clears, the epoch
// wrapping included, is gone, and what is stored after one is found.
TEST(BridgeSolver, PartitionTableForgetsOnEveryClear) {
  dd::PartitionTable table(1);
  dd::TableQuery q;
  q.lengths = dd::LaneCounts(0x7) | dd::LaneCounts(0x7ULL << 16) << 4 |
              dd::LaneCounts(0x7ULL << 32) << 8 | dd::LaneCounts(0x7ULL << 48) << 12;
  q.leader = kWest;
  q.trump = kNoTrump;
  q.tricks_left = 3;
  q.plane0 = 0x0A0;
  q.plane1 = 0x0C0;
  int hint = -1;
  dd::TableHit hit;
  table.Store(q, 0xFF0, 2, 3, 1);
  ASSERT_TRUE(table.Find(q, 2, &hit, &hint));
  for (int i = 0; i < 600; ++i) {
    table.Clear();
    ASSERT_FALSE(table.Find(q, 2, &hit, &hint)) << "after clear " << i + 1;
  }
  for (int i = 0; i < 300; ++i) {
    table.Store(q, 0xFF0, 0, 1, 0);
    ASSERT_TRUE(table.Find(q, 2, &hit, &hint)) << "stored after clear " << i;
    EXPECT_EQ(hit.upper, 1);
    table.Clear();
  }
}

// A table whose pool of entries runs dry goes on storing: every entry is found right after it is
// stored, through many more patterns than a 1 MB table has room for.
TEST(BridgeSolver, PartitionTableStoresOnWhenThePoolRunsDry) {
  dd::PartitionTable table(1);
  dd::TableQuery q{.lengths = 0,
                   .leader = kEast,
                   .trump = kHearts,
                   .tricks_left = 5,
                   .plane0 = 0x12,
                   .plane1 = 0x21};
  int hint = -1;
  dd::TableHit hit;
  for (uint64_t i = 0; i < 40000; ++i) {
    q.lengths = 0x1111 + i * 0x10001;  // a new pattern each time
    table.Store(q, 0x3F, 4, 5, 0);
    ASSERT_TRUE(table.Find(q, 4, &hit, &hint)) << "pattern " << i;
    EXPECT_EQ(hit.lower, 4);
  }
}

// Find against a plain scan of what was stored: of the matching entries whose bounds decide the
// question, the one resting on the fewest cards (the first of equals); the hint from the first
// matching undecided entry with a best card. Entries spread over several chunks, the last one
// part full, and a second store of the same cards and holders narrows the first.
TEST(BridgeSolver, PartitionTableFindsWhatAPlainScanFinds) {
  struct Stored {
    uint64_t mask, plane0, plane1;
    int lower, upper, best;
  };
  core::Rng rng(77);
  for (int round = 0; round < 40; ++round) {
    dd::PartitionTable table(1);
    dd::TableQuery q;
    q.lengths = 0x3333;
    q.leader = kNorth;
    q.trump = kSpades;
    q.tricks_left = 12;
    std::vector<Stored> stored;
    const int count = 1 + static_cast<int>(rng.Below(90));
    for (int i = 0; i < count; ++i) {
      // Few cards among 8, so that entries match often and repeat now and then.
      const uint64_t mask = rng.Next() & rng.Next() & rng.Next() & 0xFF;
      q.plane0 = rng.Next() & 0xFF;
      q.plane1 = rng.Next() & 0xFF;
      const int lower = static_cast<int>(rng.Below(7));
      const int upper = lower + static_cast<int>(rng.Below(7));
      const int best = static_cast<int>(rng.Below(3));
      table.Store(q, mask, lower, upper, best);
      bool merged = false;
      for (Stored& s : stored) {
        if (s.mask == mask && s.plane0 == (q.plane0 & mask) && s.plane1 == (q.plane1 & mask)) {
          s.lower = std::max(s.lower, lower);
          s.upper = std::min(s.upper, upper);
          if (best != 0) s.best = best;
          merged = true;
          break;
        }
      }
      if (!merged) stored.push_back({mask, q.plane0 & mask, q.plane1 & mask, lower, upper, best});
    }
    for (int probe = 0; probe < 200; ++probe) {
      q.plane0 = rng.Next() & 0xFF;
      q.plane1 = rng.Next() & 0xFF;
      const int need = static_cast<int>(rng.Below(13));
      const Stored* want = nullptr;
      int want_hint = -1;
      for (const Stored& s : stored) {
        if ((((q.plane0 ^ s.plane0) | (q.plane1 ^ s.plane1)) & s.mask) != 0) continue;
        if (s.lower >= need || s.upper < need) {
          if (want == nullptr || std::popcount(s.mask) < std::popcount(want->mask)) want = &s;
        } else if (s.best != 0 && want_hint < 0) {
          want_hint = s.best - 1;
        }
      }
      dd::TableHit hit;
      int hint = -1;
      const bool found = table.Find(q, need, &hit, &hint);
      ASSERT_EQ(found, want != nullptr) << "round " << round << " probe " << probe;
      EXPECT_EQ(hint, want_hint);
      if (!found) continue;
      EXPECT_EQ(hit.mask, want->mask);
      EXPECT_EQ(hit.lower, want->lower);
      EXPECT_EQ(hit.upper, want->upper);
    }
  }
}

// The rank-relative view: bit k of the result is the k-th live card from the bottom.
TEST(BridgeSolver, CompressPacksTheLiveCardsInOrder) {
  core::Rng rng(12);
  for (int i = 0; i < 2000; ++i) {
    const uint64_t live = rng.Next() & kFullDeck.mask();
    const uint64_t x = rng.Next();
    uint64_t want = 0;
    int at = 0;
    for (int card = 0; card < 64; ++card) {
      if ((live >> card) & 1) want |= ((x >> card) & 1) << at++;
    }
    EXPECT_EQ(dd::Compress(x, live), want);
    EXPECT_EQ(dd::CompressByTable(x, live), want);
  }
}

}  // namespace
}  // namespace kibitzer::bridge
