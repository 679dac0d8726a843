// Match players as written (core/player_spec.h): settings by position or by name through the
// game's one declaration, the type's preset first, flags written as words; every game's players
// read that way.
#include "engine/core/player_spec.h"

#include <gtest/gtest.h>

#include "engine/games/bigtwo/players/players.h"
#include "engine/games/bridge/match.h"
#include "engine/games/scrabble/players.h"
#include "engine/games/tarok/players/players.h"

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
  EXPECT_EQ(race->bid_samples, 200);
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

TEST(PlayerSpec, AFlagIsAWordForASettingAfterTheValues) {
  const std::vector<core::PlayerForm> forms = {
      {"sim", {"n", "m"}, {}, {{"win", "objective", "win"}, {"fast", "quick", "true"}}},
      {"plain", {}, {}, {}, std::vector<std::string>{"quick"}}};
  const auto read = core::ReadPlayer("sim:5:fast:win", forms, "p");
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->settings, (core::OptionMap{{"n", "5"}, {"objective", "win"}, {"quick", "true"}}));
  // No value by position after a flag; a flag twice; a flag of another type; a name not allowed.
  EXPECT_NE(
      core::ReadPlayer("sim:fast:5", forms, "p").status().message().find("one value too many"),
      std::string::npos);
  EXPECT_NE(core::ReadPlayer("sim:win:objective=win", forms, "p").status().message().find("twice"),
            std::string::npos);
  EXPECT_FALSE(core::ReadPlayer("plain:win", forms, "p").ok());
  EXPECT_TRUE(core::ReadPlayer("plain:quick=1", forms, "p").ok());
  EXPECT_NE(core::ReadPlayer("plain:n=1", forms, "p").status().message().find("no setting 'n'"),
            std::string::npos);
  EXPECT_EQ(core::PlayerFormsHelp(forms), "sim[:n[:m]][:win][:fast], plain");
}

TEST(PlayerSpec, BridgeAndScrabblePlayersReadThroughIt) {
  const auto mc = bridge::ParsePlayer("mc:40", "p");
  ASSERT_TRUE(mc.ok());
  EXPECT_EQ(mc->kind, bridge::PlayerOptions::Kind::kMonteCarlo);
  EXPECT_EQ(mc->samples, 40);
  EXPECT_EQ(bridge::ParsePlayer("mc:samples=40", "p")->samples, 40);
  EXPECT_EQ(bridge::ParsePlayer("dd", "p")->kind, bridge::PlayerOptions::Kind::kDoubleDummy);
  EXPECT_EQ(bridge::PlayerName(*bridge::ParsePlayer("mc", "p")), "mc:20");
  for (const char* bad : {"dd:5", "dd:samples=5", "mc:0", "mc:1:2", "mcts"}) {
    const absl::Status s = bridge::ParsePlayer(bad, "--players[0]").status();
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << bad;
    EXPECT_NE(s.message().find("--players[0]"), std::string::npos) << bad;
  }
  EXPECT_EQ(bridge::PlayerHelp(), "random, dd, mc[:samples]");
  const auto seed = scrabble::ParsePlayer("seed:80", "p");
  ASSERT_TRUE(seed.ok());
  EXPECT_EQ(seed->algorithm, scrabble::Algorithm::kSeed);
  EXPECT_EQ(seed->iterations, 80);
  EXPECT_FALSE(seed->race);  // the type's preset
}

}  // namespace
}  // namespace kibitzer
