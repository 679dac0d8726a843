// Checks every registered game keeps the Game interface's promises, through random playouts.
#include <set>

#include "engine/analysis/game_registry.h"
#include "engine/core/rng.h"
#include "gtest/gtest.h"

namespace kibitzer::analysis {
namespace {

// A game, and the position its playouts start from ("": its info's example).
struct Case {
  std::string name;
  std::string game;
  std::string example;
};

class GameContract : public ::testing::TestWithParam<Case> {
 protected:
  GameContract() { RegisterAllGames(registry_); }
  const core::Game& game() const { return *registry_.Find(GetParam().game); }
  std::string example() const {
    return GetParam().example.empty() ? game().Info().example_position : GetParam().example;
  }
  GameRegistry registry_;
};

TEST_P(GameContract, InfoIsComplete) {
  const core::GameInfo& info = game().Info();
  EXPECT_EQ(info.name, GetParam().game);
  EXPECT_FALSE(info.variants.empty());
  EXPECT_FALSE(info.seats.empty());
  EXPECT_FALSE(info.position_notation.empty());
  EXPECT_FALSE(info.move_notation.empty());
  EXPECT_FALSE(info.value_description.empty());
  core::PositionSpec example;
  example.notation = this->example();
  EXPECT_TRUE(game().Setup(example).ok());
}

TEST_P(GameContract, RandomPlayoutsKeepTheInvariants) {
  core::Rng rng(2024);
  for (const auto& variant : game().Info().variants) {
    for (int playout = 0; playout < 30; ++playout) {
      core::PositionSpec spec;
      spec.variant = variant.name;
      // The example is of the default variant; other variants start from it where it fits them
      // too, else from their empty notation.
      spec.notation = example();
      if (variant.name != game().Info().variants.front().name && !game().Setup(spec).ok()) {
        spec.notation.clear();
      }
      std::vector<std::string> played;
      for (int ply = 0; ply < 200; ++ply) {
        spec.moves = played;
        auto state = game().Setup(spec);
        ASSERT_TRUE(state.ok()) << state.status();
        const std::vector<std::string> legal = (*state)->LegalMoves();
        // Unique, and empty exactly when the game is over.
        EXPECT_EQ(std::set<std::string>(legal.begin(), legal.end()).size(), legal.size());
        EXPECT_EQ(legal.empty(), (*state)->IsTerminal());
        EXPECT_EQ((*state)->SideToMove().empty(), (*state)->IsTerminal());
        EXPECT_EQ((*state)->Outcome().empty(), !(*state)->IsTerminal());

        // A table's hands: their cards where known, else none (only how many).
        for (const core::TableView::Hand& h : (*state)->Table().hands) {
          EXPECT_EQ(h.known ? static_cast<int>(h.cards.size()) : 0,
                    static_cast<int>(h.cards.size()));
          if (h.known) {
            EXPECT_EQ(static_cast<int>(h.cards.size()), h.count);
          }
        }

        // The canonical form sets up the same position.
        const core::PositionSpec normal = (*state)->Normalized();
        auto again = game().Setup(normal);
        ASSERT_TRUE(again.ok()) << again.status();
        EXPECT_EQ((*again)->Normalized().notation, normal.notation);
        EXPECT_EQ((*again)->Normalized().moves, normal.moves);
        EXPECT_EQ((*again)->Normalized().options, normal.options);
        EXPECT_EQ((*again)->LegalMoves(), legal);

        // Every layout a deal returns is a position the game accepts.
        core::DealSpec deal;
        deal.count = 3;
        deal.seed = static_cast<uint64_t>(ply);
        auto layouts = game().Deal(**state, deal);
        ASSERT_TRUE(layouts.ok()) << layouts.status();
        EXPECT_FALSE(layouts->layouts.empty());
        for (const auto& layout : layouts->layouts) EXPECT_TRUE(game().Setup(layout).ok());

        if (legal.empty()) break;
        played.push_back(legal[rng.Below(legal.size())]);
      }
    }
  }
}

TEST_P(GameContract, GarbageIsRefusedNotCrashedOn) {
  core::Rng rng(7);
  const std::string alphabet = "xo.XO-/ 0123456789abcdefghijklmnopqrstuvwxyz\x01\xff";
  for (int i = 0; i < 2000; ++i) {
    core::PositionSpec spec;
    const int len = static_cast<int>(rng.Below(40));
    for (int c = 0; c < len; ++c) spec.notation += alphabet[rng.Below(alphabet.size())];
    auto state = game().Setup(spec);
    if (!state.ok()) {
      EXPECT_EQ(state.status().code(), absl::StatusCode::kInvalidArgument);
      EXPECT_FALSE(state.status().message().empty());
    }
  }
}

std::vector<Case> AllGames() {
  GameRegistry registry;
  RegisterAllGames(registry);
  std::vector<Case> cases;
  for (const core::Game* g : registry.games())
    cases.push_back({g->Info().name, g->Info().name, ""});
  // Tarok's four-player game: five fields.
  cases.push_back(
      {"tarok_four", "tarok",
       "3H,8C,8S,7S,VIII,QD,10S,NS,3D,XIII,XI,III 4D,2H,QC,10C,KS,NH,IX,9S,XXI,1H,I,4H "
       "NC,XIV,XVII,9C,XII,XVIII,QH,1D,JD,XV,IV,XIX 2D,JC,II,V,VI,X,KD,JH,KC,VII,XX,XVI "
       "QS,KH,JS,SK,ND,7C"});
  return cases;
}

INSTANTIATE_TEST_SUITE_P(AllGames, GameContract, ::testing::ValuesIn(AllGames()),
                         [](const auto& param_info) { return param_info.param.name; });

}  // namespace
}  // namespace kibitzer::analysis
