// Rack inference: the leaves kept are exactly those that make the play the static best, they are
// closer to the tiles the static player really kept than leaves drawn blind, and the sampler
// draws the other rack from them.
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "engine/games/scrabble/players.h"
#include "engine/games/scrabble/scrabble_game.h"
#include "engine/games/scrabble/sim/inference.h"
#include "engine/games/scrabble/sim/sampler.h"
#include "tests/engine/scrabble_fixture.h"

namespace kibitzer::scrabble {
namespace {

// Positions of static self-play (both racks known) with a placement by the static player.
std::vector<std::pair<Position, Move>> StaticPlays(uint64_t seed, int count) {
  std::vector<std::pair<Position, Move>> out;
  for (uint64_t g = 0; static_cast<int>(out.size()) < count && g < 20; ++g) {
    Position pos = testing::NewGame(seed + g);
    while (!pos.over() && static_cast<int>(out.size()) < count) {
      const std::vector<Move> moves = AllMoves(pos);
      const Move m = moves[BestIndex(pos, moves, false)];
      if (!pos.board().empty() && pos.bag_size() >= 10 && m.kind == Move::kPlace &&
          m.placed < pos.side(pos.to_move()).size) {
        out.emplace_back(pos, m);
      }
      pos.Apply(m);
    }
  }
  return out;
}

int Overlap(const Rack& a, const Rack& b) {
  int n = 0;
  for (int k = 0; k < kTileKinds; ++k) n += std::min(a.count[k], b.count[k]);
  return n;
}

TEST(ScrabbleInference, ALeaveIsKeptExactlyWhenThePlayIsTheStaticBestWithIt) {
  MoveGenerator gen(*testing::Scowl70());
  int filtered = 0;
  for (const auto& [pos, m] : StaticPlays(31, 5)) {
    const int mover = pos.to_move();
    InferenceOptions o;
    o.trials = 150;
    o.seed = 12;
    const Inference inf = InferLeaves(pos, m, pos.side(1 - pos.to_move()).rack, o, gen);
    EXPECT_EQ(inf.trials, 150);
    filtered += inf.leaves.size() < 150u;
    const Rack unseen = pos.Unseen(1 - mover);  // the viewer's: the mover's rack among them
    for (const Rack& leave : inf.leaves) {
      EXPECT_EQ(leave.size, pos.side(mover).size - m.placed);
      Rack rack = m.Used();
      rack.AddAll(leave);
      EXPECT_TRUE(unseen.Contains(rack)) << FormatRack(rack);
      Position t = pos;
      t.SetRack(mover, rack);
      double best = -1e9;
      for (const Move& other : AllMoves(t)) best = std::max(best, Equity(t, other));
      EXPECT_GE(Equity(t, m) + 1e-9, best) << FormatRack(rack) << " " << pos.Format(m);
    }
    // Kept racks are a subset of the drawn ones: with any play allowed, every rack is kept,
    // and the same seed draws the same racks.
    o.tolerance = 1e6;
    const Inference all = InferLeaves(pos, m, pos.side(1 - pos.to_move()).rack, o, gen);
    EXPECT_EQ(all.leaves.size(), 150u);
    size_t j = 0;
    for (const Rack& leave : all.leaves) {
      if (j < inf.leaves.size() && inf.leaves[j] == leave) ++j;
    }
    EXPECT_EQ(j, inf.leaves.size());
  }
  EXPECT_GT(filtered, 0);  // the play says something about the rack
}

TEST(ScrabbleInference, TheLeavesKeptAreCloserToTheTruthThanLeavesDrawnBlind) {
  MoveGenerator gen(*testing::Scowl70());
  double kept_overlap = 0, blind_overlap = 0;
  int positions = 0;
  for (const auto& [pos, m] : StaticPlays(57, 12)) {
    Rack truth = pos.side(pos.to_move()).rack;
    truth.RemoveAll(m.Used());
    InferenceOptions o;
    o.trials = 120;
    o.seed = 3;
    const Inference kept = InferLeaves(pos, m, pos.side(1 - pos.to_move()).rack, o, gen);
    o.tolerance = 1e6;
    const Inference blind = InferLeaves(pos, m, pos.side(1 - pos.to_move()).rack, o, gen);
    if (kept.leaves.empty()) continue;
    double k = 0, b = 0;
    for (const Rack& l : kept.leaves) k += Overlap(l, truth);
    for (const Rack& l : blind.leaves) b += Overlap(l, truth);
    kept_overlap += k / static_cast<double>(kept.leaves.size());
    blind_overlap += b / static_cast<double>(blind.leaves.size());
    ++positions;
  }
  ASSERT_GE(positions, 8);
  // Tiles in common with the leave the static player really kept, a position on average (here
  // 0.70 against 0.56: a play says little about the rest of a rack, but it says something).
  EXPECT_GT(kept_overlap / positions, blind_overlap / positions + 0.05)
      << kept_overlap / positions << " against " << blind_overlap / positions;
}

TEST(ScrabbleInference, TheSamplerDrawsTheOtherRackAroundAnInferredLeave) {
  const auto plays = StaticPlays(5, 1);
  ASSERT_EQ(plays.size(), 1u);
  Position view = plays[0].first;
  const int viewer = view.to_move();
  view.HideFrom(viewer);
  const Rack unseen = view.Unseen(viewer);
  absl::StatusOr<RackSampler> sampler = RackSampler::Make(view, viewer, {});
  ASSERT_TRUE(sampler.ok());
  // Two leaves from the unseen tiles.
  std::vector<uint8_t> tiles;
  for (int k = 0; k < kTileKinds; ++k) tiles.insert(tiles.end(), unseen.count[k], uint8_t(k));
  Rack a, b;
  a.Add(tiles[0]), a.Add(tiles[1]);
  b.Add(tiles[tiles.size() - 1]);
  ASSERT_TRUE(sampler->SetLeaves({a, b, b}, "infer").ok());
  int with_a = 0, with_b = 0;
  core::Rng rng(9);
  for (int i = 0; i < 60; ++i) {
    Rack rack;
    std::vector<uint8_t> bag;
    sampler->Draw(rng, &rack, &bag);
    EXPECT_EQ(rack.size, view.side(1 - viewer).size);
    EXPECT_EQ(static_cast<int>(bag.size()), view.bag_size());
    Rack all = rack;
    for (uint8_t t : bag) all.Add(t);
    EXPECT_TRUE(all == unseen);
    with_a += rack.Contains(a);
    with_b += rack.Contains(b);
    EXPECT_TRUE(rack.Contains(a) || rack.Contains(b));
  }
  EXPECT_GT(with_b, with_a / 2);  // b was given twice as often
  // Leaves that cannot be: not among the unseen tiles, or beside fixed tiles.
  Rack too_many;
  for (int i = 0; i < 8; ++i) too_many.Add(tiles[0]);
  absl::Status st = sampler->SetLeaves({too_many}, "infer");
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("infer: the leave"), std::string::npos) << st;
  const std::string fix = absl::StrCat(SeatName(1 - viewer), ":", FormatRack(a));
  absl::StatusOr<RackSampler> fixed = RackSampler::Make(view, viewer, {fix});
  ASSERT_TRUE(fixed.ok()) << fixed.status();
  st = fixed->SetLeaves({b}, "infer");
  EXPECT_NE(st.message().find("partly fixed"), std::string::npos) << st;
}

TEST(ScrabbleInference, ThePlayerTakesInferAsAFlagOfTheSimulation) {
  for (const char* ok :
       {"sim:infer", "sim:50:2:5:win:infer", "sim:infer:win", "sim-endgame:infer"}) {
    absl::StatusOr<PlayerOptions> p = ParsePlayer(ok, "--players[0]");
    ASSERT_TRUE(p.ok()) << ok << ": " << p.status();
    EXPECT_TRUE(p->infer) << ok;
  }
  EXPECT_EQ(ParsePlayer("sim:infer:win", "p")->objective, Objective::kWin);
  EXPECT_FALSE(ParsePlayer("sim:win", "p")->infer);
  for (const char* bad : {"sim:infer:infer", "static:infer", "seed:infer", "infer"}) {
    absl::StatusOr<PlayerOptions> p = ParsePlayer(bad, "--players[1]");
    EXPECT_EQ(p.status().code(), absl::StatusCode::kInvalidArgument) << bad;
    EXPECT_NE(p.status().message().find("--players[1]"), std::string::npos) << bad;
  }
}

}  // namespace
}  // namespace kibitzer::scrabble
