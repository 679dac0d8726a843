// Scrabble's players and match harness: players by name, the endgame-aware player's endgame,
// whole games the same at any thread count, each bag played twice with the first rack going to
// each player in turn.
#include <algorithm>
#include <array>

#include "absl/strings/str_cat.h"
#include "engine/games/scrabble/endgame/endgame.h"
#include "engine/games/scrabble/match.h"
#include "tests/engine/scrabble_fixture.h"

namespace kibitzer::scrabble {
namespace {

TEST(ScrabblePlayers, NamesParseAndBadOnesSayWhy) {
  absl::StatusOr<PlayerOptions> sim = ParsePlayer("sim:50:3:8", "p");
  ASSERT_TRUE(sim.ok());
  EXPECT_EQ(sim->algorithm, Algorithm::kSim);
  EXPECT_EQ(sim->iterations, 50);
  EXPECT_EQ(sim->plies, 3);
  EXPECT_EQ(sim->candidates, 8);
  EXPECT_EQ(ParsePlayer("greedy", "p")->algorithm, Algorithm::kGreedy);
  // The seed's own player: 50 simulations of a 2-ply MinMax over 20 plays within 10 points.
  absl::StatusOr<PlayerOptions> seed = ParsePlayer("seed", "p");
  ASSERT_TRUE(seed.ok());
  EXPECT_EQ(seed->algorithm, Algorithm::kSeed);
  EXPECT_EQ(seed->iterations, 50);
  EXPECT_EQ(seed->plies, 2);
  EXPECT_EQ(seed->cut_x, 20);
  EXPECT_EQ(seed->cut_y, 10);
  EXPECT_FALSE(seed->race);
  EXPECT_EQ(ParsePlayer("seed:300:1", "p")->iterations, 300);
  absl::StatusOr<PlayerOptions> aware = ParsePlayer("sim-endgame:80:3:6", "p");
  ASSERT_TRUE(aware.ok());
  EXPECT_EQ(aware->algorithm, Algorithm::kSimEndgame);
  EXPECT_EQ(aware->iterations, 80);
  EXPECT_EQ(aware->candidates, 6);
  EXPECT_EQ(aware->objective, Objective::kSpread);
  // ":win" last: ranked by the chance of winning.
  absl::StatusOr<PlayerOptions> by_win = ParsePlayer("sim-endgame:80:3:6:win", "p");
  ASSERT_TRUE(by_win.ok());
  EXPECT_EQ(by_win->objective, Objective::kWin);
  EXPECT_EQ(by_win->iterations, 80);
  EXPECT_EQ(by_win->candidates, 6);
  EXPECT_TRUE(by_win->pre_endgame);
  // ":nopre": the endgame solved, the pre-endgame simulated as sim does; with the other flags.
  absl::StatusOr<PlayerOptions> nopre = ParsePlayer("sim-endgame:80:3:6:nopre:infer:win", "p");
  ASSERT_TRUE(nopre.ok());
  EXPECT_FALSE(nopre->pre_endgame);
  EXPECT_TRUE(nopre->infer);
  EXPECT_EQ(nopre->objective, Objective::kWin);
  EXPECT_EQ(nopre->candidates, 6);
  EXPECT_TRUE(ParsePlayer("sim:100:4:10:infer:toend", "p")->late.to_end);
  EXPECT_FALSE(ParsePlayer("sim:100:4:10:infer", "p")->late.to_end);
  absl::StatusOr<PlayerOptions> late_win = ParsePlayer("sim-endgame:latewin:toend:infer", "p");
  ASSERT_TRUE(late_win.ok());
  EXPECT_TRUE(late_win->late.win && late_win->late.to_end && late_win->infer);
  EXPECT_EQ(late_win->objective, Objective::kSpread);
  EXPECT_FALSE(ParsePlayer("sim:infer", "p")->late.win);
  EXPECT_EQ(late_win->late.bag, kLateBag);
  EXPECT_EQ(ParsePlayer("sim:late=12:toend", "p")->late.bag, 12);
  EXPECT_EQ(ParsePlayer("sim:latewin:late=0", "p")->late.bag, 0);
  EXPECT_EQ(ParsePlayer("sim:infer:nodes=5000000", "p")->max_nodes, 5000000u);
  EXPECT_EQ(ParsePlayer("sim:infer", "p")->max_nodes, 0u);
  EXPECT_EQ(ParsePlayer("sim:win", "p")->objective, Objective::kWin);
  EXPECT_EQ(ParsePlayer("sim:win", "p")->iterations, 100);
  for (const char* bad : {"sim:0",
                          "sim:1:2:3:4",
                          "greedy:2",
                          "static:x",
                          "mc",
                          "seed:50:2:10",
                          "sim-endgame:x",
                          "greedy:win",
                          "seed:win",
                          "sim:win:5",
                          "sim:1:2:3:4:win",
                          "win",
                          "sim:nopre",
                          "sim-endgame:nopre:nopre",
                          "static:nopre",
                          "greedy:toend",
                          "sim:toend:toend",
                          "sim:win:latewin",
                          "sim:latewin:win",
                          "sim:latewin:latewin",
                          "static:latewin",
                          "sim:late=12",
                          "sim:infer:late=12",
                          "sim:toend:late=x",
                          "sim:toend:late=-1",
                          "sim:toend:late=101",
                          "sim:toend:late=",
                          "sim:toend:late=5:late=6",
                          "static:toend:late=5",
                          "sim:nodes=999",
                          "sim:nodes=x",
                          "sim:nodes=5000:nodes=6000",
                          "greedy:nodes=5000"}) {
    const absl::Status s = ParsePlayer(bad, "--players[1]").status();
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << bad;
    EXPECT_NE(s.message().find("--players[1]"), std::string::npos) << bad << ": " << s;
  }
  // Every setting also by name, through the one declaration, and the forms in the help line.
  absl::StatusOr<PlayerOptions> named = ParsePlayer("sim:plies=3:nodes=5000:to_end=true", "p");
  ASSERT_TRUE(named.ok()) << named.status();
  EXPECT_EQ(named->plies, 3);
  EXPECT_EQ(named->iterations, 100);
  EXPECT_EQ(named->max_nodes, 5000u);
  EXPECT_TRUE(named->late.to_end);
  EXPECT_EQ(ParsePlayer("sim:50:objective=win", "p")->objective, Objective::kWin);
  EXPECT_NE(ParsePlayer("seed:race=true", "p").status().message().find("no setting"),
            std::string::npos);
  EXPECT_NE(PlayerHelp().find("sim-endgame[:iterations[:plies[:candidates]]][:win][:latewin]"
                              "[:infer][:toend][:nopre]"),
            std::string::npos)
      << PlayerHelp();
}

TEST(ScrabblePlayers, TheGreedyPlayerTakesTheMostPointsAndTheStaticOneTheMostEquity) {
  for (const Position& pos : testing::GamePositions(1, 31)) {
    MoveGenerator gen(pos.kwg());
    std::vector<Move> moves;
    GenerateAll(pos, gen, &moves);
    const Move greedy = moves[BestIndex(pos, moves, true)];
    const Move equity = moves[BestIndex(pos, moves, false)];
    for (const Move& m : moves) {
      EXPECT_GE(greedy.score, m.score);
      EXPECT_GE(Equity(pos, equity), Equity(pos, m));
    }
  }
}

// With the bag empty, the endgame-aware player plays the endgame solver's best play.
TEST(ScrabblePlayers, WithTheBagEmptyTheEndgameAwarePlayerPlaysTheSolversBest) {
  int checked = 0;
  for (const Position& pos : testing::GamePositions(6, 71)) {
    if (pos.bag_size() != 0 || pos.side(0).size + pos.side(1).size > 8 || checked == 3) continue;
    Player aware(pos.kwg(), *ParsePlayer("sim-endgame", "p"));
    uint64_t nodes = 0;
    const Move chosen = aware.Choose(pos, 1, &nodes);
    EndgameSolver solver(pos.kwg(), pos.rules(), 16);
    core::StopToken never;
    core::SearchControl control(core::Limits{}, &never);
    const EndgameResult r = solver.Solve(pos, 100, control, {});
    ASSERT_TRUE(r.exact);
    const auto it = std::find_if(r.plays.begin(), r.plays.end(),
                                 [&](const EndgameResult::Play& p) { return p.move == chosen; });
    ASSERT_NE(it, r.plays.end());
    EXPECT_EQ(it->value, r.plays.front().value) << pos.Format(chosen);
    EXPECT_GT(nodes, 0u);
    ++checked;
  }
  EXPECT_EQ(checked, 3);
}

// Stopped by its node limit before the proof, the endgame-aware player plays the simulation's
// choice (the same move and simulation as sim's), not the shallow depth's.
TEST(ScrabblePlayers, AnEndgameNotProvedWithinItsNodesGoesToTheSimulation) {
  int checked = 0;
  for (const Position& pos : testing::GamePositions(6, 71)) {
    if (pos.bag_size() != 0 || pos.side(0).size + pos.side(1).size < 8 || checked == 3) continue;
    PlayerOptions o = *ParsePlayer("sim-endgame:8:2:3", "p");
    o.endgame_nodes = 200;  // far from enough to prove an endgame of 8 or more tiles
    Player aware(pos.kwg(), o);
    Player sim(pos.kwg(), *ParsePlayer("sim:8:2:3", "p"));
    uint64_t aware_nodes = 0, sim_nodes = 0;
    const Move chosen = sim.Choose(pos, 2, &sim_nodes);
    EXPECT_TRUE(aware.Choose(pos, 2, &aware_nodes) == chosen) << pos.Format(chosen);
    EXPECT_GT(aware_nodes, sim_nodes);  // the solver's nodes, then the simulation's
    ++checked;
  }
  EXPECT_EQ(checked, 3);
}

// ":toend": with kLateBag or fewer tiles in the bag the playouts go on (more nodes), with more
// in the bag the player is sim's (the same move and nodes).
TEST(ScrabblePlayers, PlayoutsToTheEndOnlyNearTheEnd) {
  int late = 0, early = 0;
  for (const Position& pos : testing::GamePositions(3, 75)) {
    const bool near_end = pos.bag_size() <= kLateBag;
    if (pos.bag_size() == 0 || (near_end ? late : early) == 2) continue;
    Player sim(pos.kwg(), *ParsePlayer("sim:8:1:3", "p"));
    Player to_end(pos.kwg(), *ParsePlayer("sim:8:1:3:toend", "p"));
    uint64_t sim_nodes = 0, to_end_nodes = 0;
    const Move chosen = sim.Choose(pos, 4, &sim_nodes);
    const Move m = to_end.Choose(pos, 4, &to_end_nodes);
    if (near_end) {
      EXPECT_GT(to_end_nodes, sim_nodes) << pos.Format(m);
      ++late;
    } else {
      EXPECT_TRUE(m == chosen) << pos.Format(m);
      EXPECT_EQ(to_end_nodes, sim_nodes);
      ++early;
    }
  }
  EXPECT_EQ(late, 2);
  EXPECT_EQ(early, 2);
}

// ":latewin": in the late game (kLateBag or fewer tiles in the bag, or N with ":late=20") the
// player is sim:win's, before it sim's: the same move and nodes. Only positions where sim and
// sim:win differ are counted: 2 with at most kLateBag tiles in the bag, 2 with more but at most 20
// (where the two thresholds part), 2 with more.
TEST(ScrabblePlayers, RankedByWinChanceOnlyInTheLateGame) {
  constexpr int kLater = 20;
  std::array<int, 3> seen{};
  for (const Position& pos : testing::GamePositions(3, 75)) {
    const int bag = pos.bag_size();
    const size_t phase = bag <= kLateBag ? 0 : bag <= kLater ? 1 : 2;
    if (seen[phase] == 2) continue;
    uint64_t spread_nodes = 0, win_nodes = 0;
    const Move by_spread =
        Player(pos.kwg(), *ParsePlayer("sim:60:1:4", "p")).Choose(pos, 5, &spread_nodes);
    const Move by_win =
        Player(pos.kwg(), *ParsePlayer("sim:60:1:4:win", "p")).Choose(pos, 5, &win_nodes);
    if (by_spread == by_win && spread_nodes == win_nodes) continue;
    for (const auto& [name, threshold] :
         {std::pair<const char*, int>{"sim:60:1:4:latewin", kLateBag},
          {"sim:60:1:4:latewin:late=20", kLater}}) {
      uint64_t nodes = 0;
      const Move m = Player(pos.kwg(), *ParsePlayer(name, "p")).Choose(pos, 5, &nodes);
      const bool late = bag <= threshold;
      EXPECT_TRUE(m == (late ? by_win : by_spread)) << name << " " << pos.Format(m);
      EXPECT_EQ(nodes, late ? win_nodes : spread_nodes) << name << " " << pos.Format(m);
    }
    ++seen[phase];
  }
  EXPECT_EQ(seen, (std::array<int, 3>{2, 2, 2}));
}

// ":nodes=N" stops each move's simulation after N nodes: fewer nodes where the simulation needs
// more, the same move and nodes where it needs fewer.
TEST(ScrabblePlayers, ANodeLimitStopsTheSimulationOnlyWhereItIsReached) {
  int cut = 0, uncut = 0;
  for (const Position& pos : testing::GamePositions(1, 79)) {
    if (pos.bag_size() < 20 || cut + uncut == 4) continue;
    uint64_t free_nodes = 0;
    const Move free =
        Player(pos.kwg(), *ParsePlayer("sim:60:1:4", "p")).Choose(pos, 5, &free_nodes);
    if (free_nodes < 20000) continue;  // a move with few plays: nothing to cut
    uint64_t nodes = 0;
    const std::string name =
        absl::StrCat("sim:60:1:4:nodes=", cut < 2 ? free_nodes / 4 : free_nodes * 2);
    const Move m = Player(pos.kwg(), *ParsePlayer(name, "p")).Choose(pos, 5, &nodes);
    if (cut < 2) {
      EXPECT_LT(nodes, free_nodes) << name;
      ++cut;
    } else {
      EXPECT_TRUE(m == free) << name;
      EXPECT_EQ(nodes, free_nodes) << name;
      ++uncut;
    }
  }
  EXPECT_EQ(cut, 2);
  EXPECT_EQ(uncut, 2);
}

// ":nopre": with 1..3 tiles in the bag the endgame-aware player simulates as sim does (the same
// move and the same work), where without it the pre-endgame's playouts solve endgames.
TEST(ScrabblePlayers, WithoutThePreEndgameTheEndgameAwarePlayerSimulatesAsSimDoes) {
  int checked = 0;
  for (const Position& pos : testing::GamePositions(4, 73)) {
    if (pos.bag_size() == 0 || pos.bag_size() > kPreEndgameBag || checked == 3) continue;
    uint64_t sim_nodes = 0, nopre_nodes = 0, pre_nodes = 0;
    Player sim(pos.kwg(), *ParsePlayer("sim:8:2:3", "p"));
    Player nopre(pos.kwg(), *ParsePlayer("sim-endgame:8:2:3:nopre", "p"));
    Player pre(pos.kwg(), *ParsePlayer("sim-endgame:8:2:3", "p"));
    const Move chosen = sim.Choose(pos, 5, &sim_nodes);
    EXPECT_TRUE(nopre.Choose(pos, 5, &nopre_nodes) == chosen) << pos.Format(chosen);
    EXPECT_EQ(nopre_nodes, sim_nodes);
    pre.Choose(pos, 5, &pre_nodes);
    EXPECT_NE(pre_nodes, sim_nodes);
    ++checked;
  }
  EXPECT_EQ(checked, 3);
}

// The match tests' line-up: static against greedy on SCOWL70.
MatchOptions StaticAgainstGreedy() {
  MatchOptions o;
  o.kwg = testing::Scowl70();
  o.lexicon = "SCOWL70";
  o.players = {*ParsePlayer("static", "p"), *ParsePlayer("greedy", "p")};
  return o;
}

TEST(ScrabbleMatch, TheSameGamesAtAnyThreadCountEachBagOncePerFirstPlayer) {
  MatchOptions o = StaticAgainstGreedy();
  o.deals = 3;
  o.seed = 8;
  o.threads = 1;
  absl::StatusOr<MatchResult> one = PlayMatch(o, {});
  o.threads = 2;
  absl::StatusOr<MatchResult> two = PlayMatch(o, {});
  ASSERT_TRUE(one.ok() && two.ok());
  EXPECT_EQ(one->games, 6);
  for (int p = 0; p < 2; ++p) {
    EXPECT_EQ(one->players[p].spread, two->players[p].spread);
    EXPECT_EQ(one->players[p].wins, two->players[p].wins);
    EXPECT_EQ(one->players[p].nodes, two->players[p].nodes);
  }
  EXPECT_EQ(one->players[0].spread, -one->players[1].spread);
  EXPECT_EQ(one->players[0].wins + one->players[1].wins, 6);
  for (const PlayerResult& pr : one->players) {  // the times in order, each of some move
    EXPECT_LE(pr.median_move_ms, pr.p95_move_ms);
    EXPECT_LE(pr.p95_move_ms, pr.max_move_ms);
    EXPECT_GT(pr.max_move_ms, 0);
  }
  // The same player against itself: each bag's two games mirror each other's first rack.
  o.players = {*ParsePlayer("greedy", "a"), *ParsePlayer("greedy", "b")};
  o.threads = 1;
  absl::StatusOr<MatchResult> mirror = PlayMatch(o, {});
  ASSERT_TRUE(mirror.ok());
  EXPECT_EQ(mirror->players[0].spread, 0);
  EXPECT_EQ(mirror->players[0].wins, 3);
  const Position a = NewGame(o.kwg, "SCOWL70", Rules{}, 8, 0);
  const Position b = NewGame(o.kwg, "SCOWL70", Rules{}, 8, 0);
  EXPECT_TRUE(a.side(0).rack == b.side(0).rack);
  EXPECT_EQ(a.bag(), b.bag());
}

// A run split in two (the rest of a stopped run, from --first-deal) plays the whole run's games.
TEST(ScrabbleMatch, TheRestFromAFirstDealAddsUpToTheWholeRun) {
  MatchOptions o = StaticAgainstGreedy();
  o.seed = 5;
  o.deals = 3;
  absl::StatusOr<MatchResult> whole = PlayMatch(o, {});
  o.deals = 1;
  absl::StatusOr<MatchResult> head = PlayMatch(o, {});
  o.deals = 2;
  o.first_deal = 1;
  absl::StatusOr<MatchResult> rest = PlayMatch(o, {});
  ASSERT_TRUE(whole.ok() && head.ok() && rest.ok());
  EXPECT_EQ(rest->games, 4);
  for (int p = 0; p < 2; ++p) {
    EXPECT_EQ(head->players[p].spread + rest->players[p].spread, whole->players[p].spread);
    EXPECT_EQ(head->players[p].wins + rest->players[p].wins, whole->players[p].wins);
    EXPECT_EQ(head->players[p].nodes + rest->players[p].nodes, whole->players[p].nodes);
  }
  // Not the same games as the first two deals.
  o.first_deal = 0;
  absl::StatusOr<MatchResult> first_two = PlayMatch(o, {});
  ASSERT_TRUE(first_two.ok());
  EXPECT_NE(first_two->players[0].nodes, rest->players[0].nodes);
  o.first_deal = -1;
  EXPECT_FALSE(PlayMatch(o, {}).ok());
}

TEST(ScrabbleMatch, PartialResultsAreThoseOfTheFirstDealsAtAnyThreadCount) {
  MatchOptions o = StaticAgainstGreedy();
  o.seed = 3;
  o.deals = 2;
  absl::StatusOr<MatchResult> first_two = PlayMatch(o, {});
  ASSERT_TRUE(first_two.ok());
  o.deals = 5;
  o.report_every = 2;
  for (int threads : {1, 3}) {
    o.threads = threads;
    std::vector<MatchResult> partial;
    absl::StatusOr<MatchResult> all =
        PlayMatch(o, {}, [&](const MatchResult& r) { partial.push_back(r); });
    ASSERT_TRUE(all.ok());
    // After 2 and 4 of the 5 bags; the end is the result, not a partial one.
    ASSERT_EQ(partial.size(), 2u) << threads;
    EXPECT_EQ(partial[0].games, 4);
    EXPECT_EQ(partial[1].games, 8);
    EXPECT_EQ(all->games, 10);
    for (int p = 0; p < 2; ++p) {
      EXPECT_EQ(partial[0].players[p].spread, first_two->players[p].spread) << threads;
      EXPECT_EQ(partial[0].players[p].wins, first_two->players[p].wins) << threads;
      EXPECT_EQ(partial[0].players[p].nodes, first_two->players[p].nodes) << threads;
      EXPECT_EQ(partial[0].players[p].games, 4);
    }
  }
}

}  // namespace
}  // namespace kibitzer::scrabble
