// Match players as written (core/player_spec.h): settings by position or by name through the
// game's one declaration, the type's preset first; tarok's and Big Two's players read that way.
#include "engine/core/player_spec.h"

#include <gtest/gtest.h>

#include "engine/games/bigtwo/players.h"
#include "engine/games/tarok/players.h"

namespace kibitzer {
namespace {

TEST(PlayerSpec, PositionalAndNamedSettingsAreTheSameDeclaration) {
  const auto by_position = tarok::ParsePlayer("mc:20:5", "p");
  const auto by_name = tarok::ParsePlayer("mc:exact_tricks=5:samples=20", "p");
  ASSERT_TRUE(by_position.ok() && by_name.ok());
  EXPECT_EQ(by_position->samples, 20);
  EXPECT_EQ(by_position->exact_tricks, 5);
  EXPECT_EQ(by_name->samples, 20);
  EXPECT_EQ(by_name->exact_tricks, 5);
  EXPECT_EQ(tarok::PlayerName(*by_name), "mc:20:5");
  // A value by position, then one by name.
  EXPECT_EQ(tarok::ParsePlayer("seed:12:depth=4", "p")->depth, 4);
}

TEST(PlayerSpec, TheTypesPresetComesFirstAndCanBeOverridden) {
  const auto race = tarok::ParsePlayer("race", "p");
  ASSERT_TRUE(race.ok());
  EXPECT_TRUE(race->race);
  EXPECT_EQ(race->bid_samples, 48);
  EXPECT_EQ(tarok::ParsePlayer("race:bid_samples=10", "p")->bid_samples, 10);
  EXPECT_EQ(tarok::ParsePlayer("seed", "p")->bid_samples, 24);  // the declaration's default
  const auto mc = bigtwo::ParsePlayer("mc:leaf=eval:algorithm=maxn", "p");
  ASSERT_TRUE(mc.ok());
  EXPECT_EQ(bigtwo::PlayerName(*mc), "mc:40:1:maxn:eval");
}

TEST(PlayerSpec, EachMistakeIsNamed) {
  const auto message = [](const std::string& text) {
    return std::string(tarok::ParsePlayer(text, "--players[1]").status().message());
  };
  EXPECT_NE(message("mc:samples=0").find("--players[1][samples]"), std::string::npos);
  EXPECT_NE(message("mc:colour=red").find("--players[1][colour]: unknown option"),
            std::string::npos);
  EXPECT_NE(message("mc:samples=2:samples=3").find("'samples' is set twice"), std::string::npos);
  EXPECT_NE(message("random:5").find("one value too many for random"), std::string::npos);
  EXPECT_NE(message("mcts").find("unknown player 'mcts' (players: random, seed[:samples[:depth]]"),
            std::string::npos)
      << message("mcts");
  EXPECT_FALSE(bigtwo::ParsePlayer("mc:10:2:minimax", "p").ok());
}

}  // namespace
}  // namespace kibitzer
