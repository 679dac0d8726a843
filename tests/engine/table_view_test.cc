// GameState::Table: the position as a card table, from the seat's knowledge, in each card game.
#include <algorithm>

#include "engine/analysis/game_registry.h"
#include "gtest/gtest.h"

namespace kibitzer::analysis {
namespace {

// Tarok's README example: seat 3 declares two after the bidding below.
constexpr char kTarok[] =
    "XIX,XI,VIII,V,IV,II,XXI,NH,JH,4D,KS,JS,8S,NC,JC,10C "
    "SK,XX,XIV,XIII,XII,VII,III,1H,KD,QD,ND,3D,NS,7S,QC,8C "
    "XVIII,XVII,XVI,XV,X,IX,VI,I,4H,JD,1D,2D,10S,9S,KC,9C QH,2H,3H,QS,7C,KH";
constexpr char kBridge[] = "N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 J876.KJ852.5.Q76 T5.T97.K87.AT984";

class TableViewTest : public ::testing::Test {
 protected:
  TableViewTest() { RegisterAllGames(registry_); }
  core::TableView Table(const std::string& game, const std::string& notation,
                        std::vector<std::string> moves, const std::string& seat,
                        core::OptionMap options = {}) {
    core::PositionSpec spec;
    spec.notation = notation;
    spec.moves = std::move(moves);
    spec.seat = seat;
    spec.options = std::move(options);
    auto state = registry_.Find(game)->Setup(spec);
    EXPECT_TRUE(state.ok()) << state.status();
    if (!state.ok()) return {};
    legal_ = (*state)->LegalMoves();
    return (*state)->Table();
  }
  static std::string Fact(const core::TableView& t, const std::string& name) {
    for (const auto& f : t.facts) {
      if (f.name == name) return f.value;
    }
    return "(none)";
  }
  GameRegistry registry_;
  std::vector<std::string> legal_;
};

TEST_F(TableViewTest, TarokSeatSeesItsHandAndTheTalonGroupsTheContractOffers) {
  const core::TableView t = Table("tarok", kTarok, {"pass", "two", "pass", "two"}, "3");
  ASSERT_EQ(t.hands.size(), 3u);
  EXPECT_FALSE(t.hands[0].known);
  EXPECT_TRUE(t.hands[0].cards.empty());
  EXPECT_EQ(t.hands[0].count, 16);
  EXPECT_FALSE(t.hands[1].known);
  EXPECT_TRUE(t.hands[2].known);
  EXPECT_EQ(t.hands[2].count, 16);
  EXPECT_EQ(t.hands[2].cards.size(), 16u);
  EXPECT_NE(std::find(t.hands[2].cards.begin(), t.hands[2].cards.end(), "XVIII"),
            t.hands[2].cards.end());
  // Two: three groups of two, each taken by its move, which is legal now.
  ASSERT_EQ(t.groups.size(), 3u);
  EXPECT_EQ(t.groups[1].cards, (std::vector<std::string>{"3H", "QS"}));
  for (const auto& g : t.groups) {
    EXPECT_NE(std::find(legal_.begin(), legal_.end(), g.move), legal_.end()) << g.move;
  }
  EXPECT_EQ(Fact(t, "contract"), "two by 3");
  EXPECT_TRUE(t.table.empty());
}

TEST_F(TableViewTest, TarokTrickInProgressAndTheCountsOfHiddenHands) {
  const core::TableView t = Table(
      "tarok", kTarok, {"pass", "two", "pass", "two", "talon:0", "9S", "10S", "4D", "3D"}, "1");
  ASSERT_EQ(t.table.size(), 2u);
  EXPECT_EQ(t.table[0].seat, "1");
  EXPECT_EQ(t.table[0].cards, std::vector<std::string>{"4D"});
  EXPECT_EQ(t.table[1].seat, "2");
  EXPECT_EQ(t.hands[0].count, 15);
  EXPECT_EQ(t.hands[1].count, 15);
  EXPECT_EQ(t.hands[2].count, 16);  // took two, discarded two, not yet played
  EXPECT_EQ(Fact(t, "discards"), "2 hidden");
  EXPECT_EQ(t.groups[0].name, "talon group 1 (taken)");
  EXPECT_TRUE(t.groups[0].move.empty());
  EXPECT_EQ(Fact(t, "to move"), "3");
}

TEST_F(TableViewTest, BigTwoShowsThePlayToBeatAndWhoMadeIt) {
  const std::string deal = registry_.Find("bigtwo")->Info().example_position;
  Table("bigtwo", deal, {}, "");
  const std::string first = legal_.front();
  const core::TableView t = Table("bigtwo", deal, {first}, "2");
  ASSERT_EQ(t.table.size(), 1u);
  EXPECT_EQ(t.table[0].seat, "1");
  EXPECT_FALSE(t.hands[0].known);
  EXPECT_EQ(t.hands[0].count, 13 - static_cast<int>(t.table[0].cards.size()));
  EXPECT_TRUE(t.hands[1].known);
  EXPECT_EQ(t.hands[1].cards.size(), 13u);
  EXPECT_NE(Fact(t, "to beat").find(" by 1"), std::string::npos) << Fact(t, "to beat");
}

TEST_F(TableViewTest, BridgeDefenderSeesDummyOnlyAfterTheLead) {
  const core::OptionMap contract = {{"contract", "3NT"}, {"declarer", "S"}};
  const core::TableView before = Table("bridge", kBridge, {}, "W", contract);
  for (int s = 0; s < 3; ++s) EXPECT_FALSE(before.hands[s].known) << s;
  EXPECT_EQ(before.hands[3].cards.front(), "ST");
  const core::TableView after = Table("bridge", kBridge, {"ST"}, "W", contract);
  EXPECT_TRUE(after.hands[0].known);  // North, dummy
  EXPECT_EQ(after.hands[0].cards.front(), "SA");
  EXPECT_FALSE(after.hands[2].known);
  EXPECT_EQ(after.hands[3].count, 12);
  ASSERT_EQ(after.table.size(), 1u);
  EXPECT_EQ(after.table[0].seat, "W");
  EXPECT_EQ(Fact(after, "contract"), "3NT by S");
}

TEST_F(TableViewTest, AGameWithoutHandsHasNoTable) {
  const core::TableView t = Table("tictactoe", "......... x", {"b2"}, "");
  EXPECT_TRUE(t.hands.empty());
  EXPECT_TRUE(t.facts.empty());
}

}  // namespace
}  // namespace kibitzer::analysis
