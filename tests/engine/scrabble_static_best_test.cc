// Best-first generation: each anchor's shadow bounds the score of every placement made from it,
// the anchors one by one make up the full generation, and the static player's move found best
// first is the one BestIndex finds over every move, with hand-made and with learned leaves.
#include <algorithm>

#include "engine/games/scrabble/leaves/leave_table.h"
#include "engine/games/scrabble/movegen/static_best.h"
#include "tests/engine/scrabble_fixture.h"

namespace kibitzer::scrabble {
namespace {

TEST(ScrabbleShadow, EachAnchorsPlacementsScoreWithinItsShadowAndTheAnchorsMakeTheWholeList) {
  MoveGenerator gen(*testing::Scowl70());
  std::vector<MoveGenerator::Shadow> shadows;
  std::vector<Move> all, one, joined;
  int tight = 0, moves = 0;
  for (const Position& pos : testing::GamePositions(testing::Cases(4), 211)) {
    const Rack& rack = pos.side(pos.to_move()).rack;
    gen.GeneratePlacements(pos.board(), rack, &all);
    gen.Shadows(pos.board(), rack, &shadows);
    joined.clear();
    for (const MoveGenerator::Shadow& s : shadows) {
      one.clear();
      gen.AppendAnchor(pos.board(), rack, s.dir, s.line, s.anchor, &one);
      int best = -1;
      for (const Move& m : one) {
        ASSERT_LE(m.score, s.score[m.placed])
            << "anchor " << int(s.dir) << "/" << int(s.line) << "/" << int(s.anchor) << " placed "
            << int(m.placed);
        best = std::max<int>(best, m.score);
        ++moves;
      }
      if (best >= 0 && best == *std::max_element(s.score.begin(), s.score.end())) ++tight;
      joined.insert(joined.end(), one.begin(), one.end());
    }
    ASSERT_EQ(joined.size(), all.size());
    for (size_t i = 0; i < all.size(); ++i) {
      ASSERT_TRUE(joined[i] == all[i] && joined[i].score == all[i].score) << i;
    }
  }
  EXPECT_GT(moves, 1000);
  EXPECT_GT(tight, 0);  // the bound is reached on some anchors: it is not slack everywhere
}

// Static self-play to the end of `games` games (a random placement one move in four), each
// position's best-first move checked against BestIndex over GenerateAll.
void ExpectTheSameAsBestIndex(std::shared_ptr<const Kwg> kwg, int games, uint64_t seed,
                              std::shared_ptr<const LeaveTable> leaves = nullptr) {
  MoveGenerator gen(*kwg);
  StaticBest best_first;
  std::vector<Move> moves;
  core::Rng rng(seed);
  int positions = 0, generated = 0, anchors = 0;
  for (int g = 0; g < games; ++g) {
    Position pos = NewGame(kwg, "SCOWL70", Rules{}, seed + static_cast<uint64_t>(g), 0, leaves);
    while (!pos.over()) {
      GenerateAll(pos, gen, &moves);
      const Move& expected = moves[BestIndex(pos, moves, false)];
      uint64_t nodes = 0;
      const Move got = best_first.Choose(pos, gen, &nodes);
      ASSERT_TRUE(got == expected && got.score == expected.score)
          << "game " << g << " position " << positions;
      ASSERT_EQ(best_first.equity(), Equity(pos, expected));
      ++positions;
      generated += best_first.anchors_generated();
      anchors += best_first.anchors();
      size_t places = 0;
      while (places < moves.size() && moves[places].kind == Move::kPlace) ++places;
      pos.Apply(places > 0 && rng.Below(4) == 0 ? moves[rng.Below(places)] : expected);
    }
  }
  EXPECT_GT(positions, 20 * games);
  // Best first skips anchors: fewer are generated than there are.
  EXPECT_LT(generated, anchors);
}

TEST(ScrabbleStaticBest, IsBestIndexOverEveryMoveWithHandMadeLeaves) {
  ExpectTheSameAsBestIndex(testing::Scowl70(), testing::Cases(6), 401);
}

TEST(ScrabbleStaticBest, IsBestIndexOverEveryMoveWithLearnedLeaves) {
  // A table of random values (tiles, pairs, some leaves' own, bag factors), on a copy of SCOWL70.
  auto table = std::make_shared<LeaveTable>();
  core::Rng rng(77);
  const auto value = [&](double range) { return (rng.Uniform() * 2 - 1) * range; };
  for (int a = 0; a < kTileKinds; ++a) {
    table->SetTile(a, value(12));
    for (int b = a; b < kTileKinds; ++b) table->SetPair(a, b, value(4));
  }
  for (int bag = 1; bag <= kMaxLeave; ++bag) table->SetBagFactor(bag, 0.3 + rng.Uniform());
  for (int i = 0; i < 500; ++i) {
    Rack leave;
    const int size = 1 + static_cast<int>(rng.Below(kMaxLeave));
    for (int t = 0; t < size; ++t) leave.Add(static_cast<int>(rng.Below(kTileKinds)));
    table->SetLeave(LeaveTable::Key(leave), value(40));
  }
  ExpectTheSameAsBestIndex(testing::Scowl70(), testing::Cases(6), 409, table);
}

}  // namespace
}  // namespace kibitzer::scrabble
