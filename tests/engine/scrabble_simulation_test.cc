// Scrabble's simulation beyond the static playout: the seed's MinMax playout and its cut, the
// pre-endgame's enumeration of the bag, and a constructed pre-endgame where the play one tile
// from a forced bingo-out must come first.
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>

#include "engine/games/scrabble/players.h"
#include "engine/games/scrabble/sim/simulation.h"
#include "tests/engine/scrabble_fixture.h"

namespace kibitzer::scrabble {
namespace {

std::vector<Move> All(const Position& pos) {
  MoveGenerator gen(pos.kwg());
  std::vector<Move> moves;
  GenerateAll(pos, gen, &moves);
  return moves;
}

// The driver over a simulation, every candidate valued on every layout.
struct Ran {
  std::vector<double> values;  // by candidate
  int best = -1;
};
Ran Simulate(Simulation& sim, uint64_t samples) {
  search::MonteCarloConfig config;
  config.samples = samples;
  config.batch = 1;
  search::MonteCarloSearch<Simulation> search(sim, config);
  const core::Report r = search.RunQuietly();
  Ran out;
  for (const core::MoveValue& mv : r.moves) out.values.push_back(mv.value);
  out.best = search.BestIndex();
  // The report is best first; put the values back in candidate order.
  std::vector<double> by_candidate(sim.candidates().size(), 0);
  for (const core::MoveValue& mv : r.moves) {
    for (size_t c = 0; c < sim.candidates().size(); ++c) {
      if (sim.view().Format(sim.candidates()[c]) == mv.move) by_candidate[c] = mv.value;
    }
  }
  out.values = by_candidate;
  return out;
}

TEST(ScrabbleSimulation, TheChanceOfWinningGrowsWithTheSpreadAndIsSureAtTheEnd) {
  EXPECT_EQ(WinChance(0, 40), 0.5);
  EXPECT_EQ(WinChance(1, 0), 1);
  EXPECT_EQ(WinChance(0, 0), 0.5);
  EXPECT_EQ(WinChance(-1, 0), 0);
  for (int left : {1, 14, 50, 93}) {
    EXPECT_NEAR(WinChance(30, left) + WinChance(-30, left), 1, 1e-12);
    for (int s = -200; s < 200; s += 10) EXPECT_LE(WinChance(s, left), WinChance(s + 10, left));
    EXPECT_LT(WinChance(-5, left), WinChance(5, left));
  }
  // The same lead is surer with fewer tiles to play.
  EXPECT_GT(WinChance(40, 14), WinChance(40, 60));
  // One standard deviation: 10 * sqrt(tiles).
  EXPECT_NEAR(WinChance(10 * std::sqrt(49.0), 49), 0.8413, 1e-4);
}

TEST(ScrabbleSimulation, TheSeedsCutKeepsTheBestByScoreWithinItsMargin) {
  std::vector<Move> moves(30);
  size_t within = 0;  // of the scores 0..30 (but one), those 20 or more
  for (int i = 0; i < 30; ++i) {
    moves[static_cast<size_t>(i)].score = static_cast<int16_t>((i * 7) % 31);
    within += (i * 7) % 31 >= 20;
  }
  SeedCut(&moves, 20, 10);
  ASSERT_FALSE(moves.empty());
  EXPECT_EQ(moves.front().score, 30);
  for (size_t i = 1; i < moves.size(); ++i) EXPECT_GE(moves[i - 1].score, moves[i].score);
  EXPECT_EQ(moves.size(), within);
  EXPECT_EQ(moves.back().score, 20);
  std::vector<Move> few(3);
  few[0].score = 5, few[1].score = 50, few[2].score = 45;
  SeedCut(&few, 2, 100);
  ASSERT_EQ(few.size(), 2u);
  EXPECT_EQ(few[0].score, 50);
  EXPECT_EQ(few[1].score, 45);
}

TEST(ScrabbleSimulation, TheSeedsMinimaxOfOnePlyIsTheScoreLessTheBestReply) {
  int checked = 0;
  for (const Position& pos : testing::GamePositions(2, 71)) {
    if (pos.bag_size() < 20 || pos.board().empty() || checked >= 4) continue;
    std::vector<Move> candidates = All(pos);
    SeedCut(&candidates, 5, 100);
    Playout playout;
    playout.kind = Playout::kMinimax;
    playout.plies = 1;
    playout.cut_x = 20;
    playout.cut_y = 10;
    // Both racks known: every layout is the same as far as one reply goes.
    absl::StatusOr<std::unique_ptr<Simulation>> sim =
        Simulation::Make(pos, candidates, playout, 3, {});
    ASSERT_TRUE(sim.ok()) << sim.status();
    const Ran ran = Simulate(**sim, 4);
    for (size_t c = 0; c < candidates.size(); ++c) {
      Position after = pos;
      after.Apply(candidates[c]);
      int best_reply = -1000;
      for (const Move& m : All(after)) best_reply = std::max(best_reply, int{m.score});
      EXPECT_DOUBLE_EQ(ran.values[c], candidates[c].score - best_reply)
          << pos.Format(candidates[c]);
    }
    ++checked;
  }
  EXPECT_EQ(checked, 4);
}

// The seed's MinMax written out plainly: every move of the cut played on a copy.
double PlainMinimax(const Position& pos, int plies, const Playout& p) {
  if (plies == 0 || pos.over()) return 0;
  std::vector<Move> moves = All(pos);
  SeedCut(&moves, p.cut_x, p.cut_y);
  const int me = pos.to_move();
  double best = -1e9;
  for (const Move& m : moves) {
    Position child = pos;
    child.Apply(m);
    const double gain =
        (child.score(me) - pos.score(me)) - (child.score(1 - me) - pos.score(1 - me));
    best = std::max(best, gain - PlainMinimax(child, plies - 1, p));
  }
  return best;
}

// Two plies after each play (the seed's mid-game setting), where the last ply is valued by the
// reply's best score line by line (Simulation::BestScoreAfterEach): on every layout, each
// candidate's value is the plain MinMax's, including near the end of the bag.
TEST(ScrabbleSimulation, TheSeedsMinimaxOfTwoPliesIsThePlainOneOnEveryLayout) {
  int checked = 0;
  for (const Position& pos : testing::GamePositions(3, 72)) {
    if (pos.board().empty() || pos.bag_size() == 0 || checked >= 6) continue;
    if (checked >= 3 && pos.bag_size() > 9) continue;  // and three with the bag nearly empty
    std::vector<Move> candidates = All(pos);
    SeedCut(&candidates, 4, 100);
    Playout playout;
    playout.kind = Playout::kMinimax;
    playout.plies = 2;
    const uint64_t seed = 5;
    absl::StatusOr<std::unique_ptr<Simulation>> sim =
        Simulation::Make(pos, candidates, playout, seed, {});
    ASSERT_TRUE(sim.ok()) << sim.status();
    auto worker = (*sim)->MakeWorker();
    const std::vector<uint8_t> alive(candidates.size(), 1);
    absl::StatusOr<RackSampler> sampler = RackSampler::Make(pos, pos.to_move(), {});
    ASSERT_TRUE(sampler.ok());
    for (uint64_t sample = 0; sample < 3; ++sample) {
      std::vector<double> values(candidates.size() * Simulation::kChannels);
      core::StopToken token;
      core::SearchControl control(core::Limits{}, &token);
      ASSERT_TRUE((*sim)->Solve(*worker, sample, alive.data(), control, values.data()));
      // The same layout as the simulation's: stream `sample` of the seed.
      core::Rng rng = core::Rng::ForStream(seed, sample);
      Rack rack;
      std::vector<uint8_t> bag;
      sampler->Draw(rng, &rack, &bag);
      Position layout = pos;
      layout.SetRack(1 - pos.to_move(), rack);
      ASSERT_TRUE(layout.SetBag(bag, "bag").ok());
      for (size_t c = 0; c < candidates.size(); ++c) {
        Position after = layout;
        after.Apply(candidates[c]);
        const int me = pos.to_move();
        const double expected = (after.score(me) - after.score(1 - me)) -
                                (pos.score(me) - pos.score(1 - me)) -
                                PlainMinimax(after, 2, playout);
        EXPECT_DOUBLE_EQ(values[c * Simulation::kChannels + Simulation::kSpread], expected)
            << pos.Format(candidates[c]) << " with " << pos.bag_size() << " in the bag";
      }
    }
    ++checked;
  }
  EXPECT_EQ(checked, 6);
}

// The horizon counts each side's last leave, valued before it draws: with no plies after the
// candidate, its value on every layout is its static equity (a full rack after the draw would
// add the luck of the tiles drawn, different on each layout).
TEST(ScrabbleSimulation, WithNoPliesAfterItAPlayIsWorthItsStaticEquityOnEveryLayout) {
  int checked = 0;
  for (const Position& pos : testing::GamePositions(2, 73)) {
    if (pos.board().empty() || pos.bag_size() < 10 || checked >= 3) continue;
    std::vector<Move> candidates = All(pos);
    std::stable_sort(candidates.begin(), candidates.end(),
                     [&](const Move& a, const Move& b) { return Equity(pos, a) > Equity(pos, b); });
    candidates.resize(5);
    Playout playout;
    playout.plies = 0;
    absl::StatusOr<std::unique_ptr<Simulation>> sim =
        Simulation::Make(pos, candidates, playout, 4, {});
    ASSERT_TRUE(sim.ok()) << sim.status();
    const Ran ran = Simulate(**sim, 6);
    for (size_t c = 0; c < candidates.size(); ++c) {
      EXPECT_NEAR(ran.values[c], Equity(pos, candidates[c]), 1e-9) << pos.Format(candidates[c]);
    }
    ++checked;
  }
  EXPECT_EQ(checked, 3);
}

// The report of a simulation of the six best plays by equity of `cgp` (the other rack unseen) over
// 20 layouts, every play on every layout, ranked by `objective`.
core::Report SimulateTheBestSix(const std::string& cgp, Objective objective) {
  const Position view = testing::FromCgp(cgp);
  std::vector<Move> moves = All(view);
  std::stable_sort(moves.begin(), moves.end(),
                   [&](const Move& a, const Move& b) { return Equity(view, a) > Equity(view, b); });
  moves.resize(6);
  Playout playout;
  playout.objective = objective;
  absl::StatusOr<std::unique_ptr<Simulation>> sim = Simulation::Make(view, moves, playout, 9, {});
  EXPECT_TRUE(sim.ok()) << sim.status();
  search::MonteCarloConfig config;
  config.samples = 20;
  config.batch = 5;
  search::MonteCarloSearch<Simulation> search(**sim, config);
  return search.RunQuietly();
}
double Metric(const core::MoveValue& mv, const std::string& name) {
  for (const core::Statistic& m : mv.metrics) {
    if (m.name == name) return m.value;
  }
  ADD_FAILURE() << "no metric " << name;
  return 0;
}

// Ranked by the chance of winning, a play's value is that chance and the plays are the same
// playouts as by spread; where the game is decided every chance is 1 to within rounding and the
// plays go by spread.
TEST(ScrabbleSimulation, ByWinAPlayIsValuedByItsChanceAndADecidedGameGoesBySpread) {
  const std::string board =
      "13W1/9ZIT1I1/10V2R1/7BIJOU1I1/2OUTREAd1R2N1/10I2GS/6FEELS3T/ABAPICAL2T3O/2HIN1HAME2C1W/"
      "3N5XU1UMP/3OD5GERE1/3TO7D2/4N7S2/3GODLY7/TOhEROAS7 ADFILNQ/ ";
  for (const std::string scores : {"360/350", "760/350"}) {
    const core::Report by_spread = SimulateTheBestSix(board + scores + " 0", Objective::kSpread);
    const core::Report by_win = SimulateTheBestSix(board + scores + " 0", Objective::kWin);
    ASSERT_EQ(by_win.moves.size(), 6u);
    std::map<std::string, double> spread_of;
    for (const core::MoveValue& mv : by_spread.moves) spread_of[mv.move] = Metric(mv, "spread");
    double last = 2;
    for (const core::MoveValue& mv : by_win.moves) {
      SCOPED_TRACE(scores + " " + mv.move);
      EXPECT_EQ(mv.value, Metric(mv, "win"));
      EXPECT_GE(mv.value, 0);
      EXPECT_LE(mv.value, 1);
      EXPECT_DOUBLE_EQ(Metric(mv, "spread"), spread_of[mv.move]);  // the same playouts
      const double objective = mv.value + kWinPerPoint * Metric(mv, "spread");
      EXPECT_LE(objective, last + 1e-12);
      last = objective;
    }
    if (scores == "760/350") {  // 410 ahead: decided, so the most spread comes first
      for (const core::MoveValue& mv : by_win.moves) EXPECT_GT(mv.value, 1 - 1e-6) << mv.move;
      EXPECT_EQ(by_win.best_move, by_spread.best_move);
    } else {  // close: the chances differ
      EXPECT_LT(by_win.moves.back().value, by_win.moves.front().value - 1e-3);
    }
  }
}

TEST(ScrabbleSimulation, ThePreEndgameWeighsEveryBagOrderOnce) {
  // A position with two tiles in the bag, seen by the side to move.
  for (const Position& full : testing::GamePositions(6, 5)) {
    if (full.bag_size() != 2) continue;
    Position view = full;
    view.HideFrom(view.to_move());
    absl::StatusOr<RackSampler> sampler = RackSampler::Make(view, view.to_move(), {});
    ASSERT_TRUE(sampler.ok());
    ASSERT_EQ(sampler->Orders(1000), 9u * 8u);  // the first bag tile of 9, the second of 8
    EXPECT_EQ(sampler->Orders(71), 0u);
    const Rack unseen = view.Unseen(view.to_move());
    std::map<int, int> first;
    std::set<std::string> seen;
    for (uint64_t i = 0; i < 72; ++i) {
      Rack rack;
      std::vector<uint8_t> bag;
      sampler->DrawOrder(i, &rack, &bag);
      ASSERT_EQ(bag.size(), 2u);
      ASSERT_EQ(rack.size, 7);
      Rack all = rack;
      for (uint8_t k : bag) all.Add(k);
      EXPECT_TRUE(all == unseen);
      ++first[bag[0]];
    }
    // Each kind is the first tile drawn as often as it is unseen, times 8.
    for (const auto& [kind, n] : first) EXPECT_EQ(n, unseen.count[kind] * 8) << kind;
    return;
  }
  FAIL() << "no position with two tiles in the bag";
}
// The least the side to move gains by `m` when, whatever the other side replies, it then plays
// out with a bingo (the bag's last tile drawn; a full layout); nullopt when some reply leaves it
// no bingo-out (or ends the game).
std::optional<int> ForcedBingoOut(const Position& pos, const Move& m) {
  Position after = pos;
  after.Apply(m);
  if (after.over()) return std::nullopt;
  const int me = pos.to_move();
  const auto spread = [&](const Position& p) { return p.score(me) - p.score(1 - me); };
  int least = 1 << 20;
  for (const Move& reply : All(after)) {
    Position next = after;
    next.Apply(reply);
    if (next.over()) return std::nullopt;
    int best = -(1 << 20);
    for (const Move& out : All(next)) {
      if (out.placed != next.side(me).rack.size || out.placed != kRackSize) continue;
      Position end = next;
      end.Apply(out);
      best = std::max(best, spread(end));
    }
    if (best == -(1 << 20)) return std::nullopt;
    least = std::min(least, best);
  }
  return least - spread(pos);
}

// A constructed pre-endgame: the side to move holds six tiles of a seven-letter word W and a
// seventh tile T; the bag's last tile is W's missing letter and the other rack is fixed (a
// client's what-if), so that playing T alone draws it. Cases are built from late positions of
// seeded games until one has W's bingo-out forced after T's play whatever the other side replies
// (checked here by brute force) while the static player chooses another play. The simulation,
// seeing only its own rack and the fixed tiles, must rank T's play first among it and the static
// player's five best, valued at least at the forced bingo-out's gain.
TEST(ScrabbleSimulation, APlayOneTileFromAForcedBingoOutIsRankedFirst) {
  const std::vector<std::string>& words = testing::Scowl70Words();
  int tried = 0;
  for (const Position& game : testing::GamePositions(40, 13)) {
    if (game.bag_size() != 1) continue;
    Rack pool = game.Pool();  // with both racks known: the bag's tile
    pool.AddAll(game.side(0).rack);
    pool.AddAll(game.side(1).rack);
    MoveGenerator gen(game.kwg());
    std::vector<Move> bingos;
    for (const std::string& word : words) {
      if (word.size() != 7) continue;
      absl::StatusOr<Rack> w = ParseRack(word, 7, "w");
      if (!w.ok() || !pool.Contains(*w)) continue;
      // Many places for W's bingo, so that one reply cannot block them all.
      const auto bingo_places = [&](const Board& board) {
        gen.GeneratePlacements(board, *w, &bingos);
        return std::count_if(bingos.begin(), bingos.end(),
                             [](const Move& b) { return b.placed == kRackSize; });
      };
      if (bingo_places(game.board()) < 5) continue;
      Rack rest = pool;
      rest.RemoveAll(*w);  // 8 tiles: T and the other rack
      for (int x = 1; x < kTileKinds; ++x) {
        if (w->count[x] == 0) continue;
        for (int t = 0; t < kTileKinds; ++t) {
          if (rest.count[t] == 0 || t == x) continue;
          Rack mine = *w, other = rest;
          mine.Remove(x), mine.Add(t), other.Remove(t);
          Position pos = game;
          pos.SetRack(pos.to_move(), mine);
          pos.SetRack(1 - pos.to_move(), other);
          if (!pos.Finish("t").ok() || !pos.SetBag({uint8_t(x)}, "t").ok()) continue;
          const std::vector<Move> moves = All(pos);
          const size_t best_static = BestIndex(pos, moves, false);
          for (size_t i = 0; i < moves.size(); ++i) {
            const Move& m = moves[i];
            if (m.kind != Move::kPlace || m.placed != 1 || i == best_static) continue;
            Position after = pos;
            after.Apply(m);
            if (bingo_places(after.board()) < 4) continue;
            ++tried;
            const std::optional<int> forced = ForcedBingoOut(pos, m);
            if (!forced) continue;
            ASSERT_GT(*forced, kBingoBonus);
            // The candidates: T's play and the static player's five best.
            std::vector<Move> candidates = {m};
            std::vector<std::pair<double, size_t>> ranked;
            for (size_t j = 0; j < moves.size(); ++j)
              ranked.emplace_back(-Equity(pos, moves[j]), j);
            std::sort(ranked.begin(), ranked.end());
            for (size_t j = 0; j < ranked.size() && candidates.size() < 6; ++j) {
              if (ranked[j].second != i) candidates.push_back(moves[ranked[j].second]);
            }
            Position view = pos;
            view.HideFrom(view.to_move());
            Playout playout;
            playout.kind = Playout::kEndgame;
            playout.endgame_nodes = 20000;
            absl::StatusOr<std::unique_ptr<Simulation>> sim = Simulation::Make(
                view, candidates, playout, 1,
                {absl::StrCat(SeatName(1 - pos.to_move()), ":", FormatRack(other))});
            ASSERT_TRUE(sim.ok()) << sim.status();
            ASSERT_EQ((*sim)->Layouts(), 1u);  // the other rack fixed: one tile left, one order
            const Ran ran = Simulate(**sim, 1);
            ASSERT_GE(ran.best, 0);
            EXPECT_EQ(ran.best, 0)
                << "ranked " << view.Format(candidates[ran.best]) << " (" << ran.values[ran.best]
                << ") above " << view.Format(candidates[0]) << " (" << ran.values[0] << ") in "
                << FormatCgp(pos);
            EXPECT_GE(ran.values[0], *forced);
            return;
          }
        }
      }
    }
  }
  FAIL() << "no constructed case found in " << tried << " tries";
}

}  // namespace
}  // namespace kibitzer::scrabble
