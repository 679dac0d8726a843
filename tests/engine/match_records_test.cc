// The records a match writes (kibitz match --records): every game, in game order at any thread
// count, and each one replays through the game's own Setup to the same end and scores.
#include <string>
#include <vector>

#include "engine/core/match_support.h"
#include "engine/games/bigtwo/bigtwo_game.h"
#include "engine/games/bigtwo/match.h"
#include "engine/games/bridge/bridge_game.h"
#include "engine/games/bridge/dd/dd_solver.h"
#include "engine/games/bridge/match.h"
#include "engine/games/bridge/records/record.h"
#include "engine/games/bridge/rules/scoring.h"
#include "engine/games/scrabble/match.h"
#include "engine/games/scrabble/scrabble_game.h"
#include "engine/games/tarok/match.h"
#include "engine/games/tarok/tarok_game.h"
#include "gtest/gtest.h"
#include "tests/engine/scrabble_fixture.h"

namespace kibitzer {
namespace {

core::PositionSpec SpecOf(const core::GameLog& log) {
  core::PositionSpec spec;
  spec.variant = log.variant;
  spec.options = log.options;
  spec.notation = log.notation;
  spec.moves = log.moves;
  return spec;
}

// The logs a match gives, checked to come in game order.
template <typename Options, typename Play>
std::vector<core::GameLog> Logs(Options o, Play play) {
  std::vector<core::GameLog> logs;
  o.on_game = [&](const core::GameLog& g) {
    EXPECT_EQ(g.game, static_cast<int>(logs.size()));
    logs.push_back(g);
  };
  EXPECT_TRUE(play(o).ok());
  return logs;
}

// A bridge team match: each table's PBN record states the par contract's result, which is the
// play's; North-South's score is the contract's; the IMPs are the two tables' difference; and
// every value a double-dummy player saw is the double-dummy value of its card.
TEST(MatchRecords, BridgeTablesReplayToTheirScoresAndIMPs) {
  bridge::MatchOptions o;
  o.players = {*bridge::ParsePlayer("dd", "players"), *bridge::ParsePlayer("random", "players")};
  o.deals = 3;
  o.seed = 5;
  o.threads = 2;
  absl::StatusOr<bridge::MatchResult> result;
  auto play = [&](const bridge::MatchOptions& m) {
    result = bridge::PlayMatch(m, {});
    return result.status();
  };
  const std::vector<core::GameLog> logs = Logs(o, play);
  ASSERT_EQ(logs.size(), 6u);  // two tables a deal
  int imps = 0;
  bridge::DoubleDummySolver solver;
  for (const core::GameLog& log : logs) {
    if (log.game % 2 == 1) {
      imps += bridge::Imps(logs[static_cast<size_t>(log.game - 1)].scores[0] - log.scores[0]);
    }
    absl::StatusOr<bridge::GameRecord> r = bridge::ParseGameRecord(log.record, "record");
    ASSERT_TRUE(r.ok()) << r.status() << "\n" << log.record;
    if (!r->contract) continue;  // passed out
    ASSERT_EQ(r->play.size(), 52u);
    absl::StatusOr<bridge::PlayPosition> end = bridge::PositionAfterPlay(*r, "record");
    ASSERT_TRUE(end.ok()) << end.status();
    const int tricks = bridge::IsNorthSouth(*r->declarer) ? end->ns_tricks : end->ew_tricks;
    EXPECT_EQ(r->claim, tricks);
    const int score = bridge::DuplicateScore(
        *r->contract, bridge::IsVulnerable(r->vulnerability, *r->declarer), tricks);
    EXPECT_EQ(log.scores[0], bridge::IsNorthSouth(*r->declarer) ? score : -score);
    // The dd player's values: its card's double-dummy value where it had a choice.
    bridge::PlayPosition p;
    p.hands = r->deal;
    p.trump = r->contract->strain;
    p.leader = bridge::NextSeat(*r->declarer);
    ASSERT_EQ(log.values.size(), 52u);
    for (size_t i = 0; i < r->play.size(); ++i) {
      if (log.values[i] && log.players[static_cast<size_t>(p.ToMove())] == "dd") {
        EXPECT_EQ(*log.values[i], solver.SolveCard(p, r->play[i])) << "card " << i;
      }
      p.Play(r->play[i]);
    }
  }
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(result->players[0].points, imps);
  EXPECT_EQ(result->players[1].points, -imps);
}

TEST(MatchRecords, TarokGamesReplayToTheirScores) {
  tarok::MatchOptions o;
  for (const char* p : {"random", "seed:4:2", "random"}) {
    o.players.push_back(*tarok::ParsePlayer(p, "players"));
  }
  o.deals = 2;
  o.seed = 3;
  o.threads = 2;
  auto play = [](const tarok::MatchOptions& m) { return tarok::PlayMatch(m, {}); };
  const std::vector<core::GameLog> logs = Logs(o, play);
  ASSERT_EQ(logs.size(), 6u);  // two deals, three rotations
  tarok::TarokGame game;
  for (const core::GameLog& log : logs) {
    ASSERT_EQ(log.players.size(), 3u);
    absl::StatusOr<std::unique_ptr<core::GameState>> s = game.Setup(SpecOf(log));
    ASSERT_TRUE(s.ok()) << s.status();
    ASSERT_TRUE((*s)->IsTerminal());
    const auto scores = static_cast<const tarok::TarokState&>(**s).round().Scores();
    EXPECT_EQ(std::vector<int>(scores.begin(), scores.begin() + 3), log.scores);
  }
  // Rotation: the same deal, its seats played by the players in turn.
  EXPECT_EQ(logs[0].notation, logs[1].notation);
  EXPECT_EQ(logs[1].players[1], logs[0].players[0]);
  o.threads = 1;
  EXPECT_EQ(Logs(o, play).back().moves, logs.back().moves);
}

TEST(MatchRecords, BigTwoGamesReplayToTheirPoints) {
  bigtwo::MatchOptions o;
  o.rules = bigtwo::Rules::ForVariant(bigtwo::Variant::kPagat);
  o.rules.players = 3;
  for (const char* p : {"baseline", "mc:4:1", "paranoid:2"}) {
    o.players.push_back(*bigtwo::ParsePlayer(p, "players"));
  }
  o.deals = 2;
  o.seed = 5;
  o.threads = 2;
  auto play = [](const bigtwo::MatchOptions& m) { return bigtwo::PlayMatch(m, {}); };
  const std::vector<core::GameLog> logs = Logs(o, play);
  ASSERT_EQ(logs.size(), 6u);
  bigtwo::BigTwoGame game;
  int valued = 0;
  for (const core::GameLog& log : logs) {
    // A value for each move: the Monte Carlo player's estimates, where it had a choice.
    ASSERT_EQ(log.values.size(), log.moves.size());
    for (const std::optional<double>& v : log.values) valued += v.has_value();
    EXPECT_EQ(log.variant, "pagat");
    EXPECT_EQ(log.options.at("players"), "3");
    absl::StatusOr<std::unique_ptr<core::GameState>> s = game.Setup(SpecOf(log));
    ASSERT_TRUE(s.ok()) << s.status();
    ASSERT_TRUE((*s)->IsTerminal());
    int points[bigtwo::kMaxPlayers] = {};
    static_cast<const bigtwo::BigTwoState&>(**s).state().Returns(points);
    EXPECT_EQ(std::vector<int>(points, points + 3), log.scores);
  }
  EXPECT_GT(valued, 0);  // only the Monte Carlo player gives values
}

TEST(MatchRecords, ScrabbleGamesAreGcgRecordsThatReplayToTheirScores) {
  scrabble::MatchOptions o;
  o.kwg = scrabble::testing::Scowl70();
  o.lexicon = "SCOWL70";
  o.players = {*scrabble::ParsePlayer("static", "p"), *scrabble::ParsePlayer("greedy", "p")};
  o.deals = 1;
  o.seed = 4;
  o.threads = 2;
  auto play = [](const scrabble::MatchOptions& m) { return scrabble::PlayMatch(m, {}); };
  const std::vector<core::GameLog> logs = Logs(o, play);
  ASSERT_EQ(logs.size(), 2u);
  const scrabble::ScrabbleGame game(
      std::make_shared<const scrabble::LexiconStore>(scrabble::testing::LexiconDir()));
  for (const core::GameLog& log : logs) {
    core::PositionSpec spec;
    spec.notation = log.record;  // the GCG record alone
    absl::StatusOr<std::unique_ptr<core::GameState>> s = game.Setup(spec);
    ASSERT_TRUE(s.ok()) << s.status() << "\n" << log.record;
    const scrabble::Position& pos = static_cast<const scrabble::ScrabbleState&>(**s).position();
    EXPECT_TRUE(pos.over());
    EXPECT_EQ((std::vector<int>{pos.score(0), pos.score(1)}), log.scores);
    // And the bag with the moves: the same game.
    absl::StatusOr<std::unique_ptr<core::GameState>> again = game.Setup(SpecOf(log));
    ASSERT_TRUE(again.ok()) << again.status();
    EXPECT_TRUE((*again)->IsTerminal());
  }
  EXPECT_EQ(logs[0].players, (std::vector<std::string>{"static", "greedy"}));
  EXPECT_EQ(logs[1].players, (std::vector<std::string>{"greedy", "static"}));
}

}  // namespace
}  // namespace kibitzer
