// The endgame solver against plain minimax (every move, no table, no pruning) on hundreds of
// small endgames from seeded games.
#include "engine/games/scrabble/endgame/endgame.h"
#include "tests/engine/scrabble_fixture.h"
#include "tests/engine/scrabble_minimax.h"
#include "tests/engine/test_sink.h"

namespace kibitzer::scrabble {
namespace {

TEST(ScrabbleEndgame, AgreesWithPlainMinimaxOnSmallEndgames) {
  const std::vector<Position> positions = testing::GamePositions(12, 41);  // ~300 positions
  core::Rng rng(3);
  int solved = 0;
  for (size_t i = 0; i < positions.size() && solved < testing::Cases(200); ++i) {
    Position pos = positions[i];
    if (pos.board().tile_count() < 25) continue;
    // Two small racks from the tiles not on the board.
    std::vector<uint8_t> left;
    Rack pool = pos.Pool();
    pool.AddAll(pos.side(0).rack);
    pool.AddAll(pos.side(1).rack);
    for (int k = 0; k < kTileKinds; ++k) left.insert(left.end(), pool.count[k], uint8_t(k));
    rng.Shuffle(left.begin(), left.end());
    // Two tiles against two, or one time in sixteen three against two.
    const int three = static_cast<int>(rng.Below(32));  // 0, 1: that side has three; else none
    const int a = three == 0 ? 3 : 2, b = three == 1 ? 3 : 2;
    if (static_cast<int>(left.size()) < a + b) continue;  // the last tiles of a game
    Rack racks[2];
    for (int t = 0; t < a + b; ++t) racks[t < a ? 0 : 1].Add(left[static_cast<size_t>(t)]);
    // Two scoreless turns end these games: plain minimax cannot afford long chains of passes.
    Rules rules;
    rules.scoreless_turns = 2;
    Position end(pos.kwg_ptr(), pos.lexicon(), rules);
    for (int r = 0; r < kDim; ++r) {
      for (int c = 0; c < kDim; ++c) end.mutable_board().Set(r, c, pos.board().at(r, c));
    }
    end.mutable_board().Refresh(pos.kwg());
    end.SetRack(0, racks[0]);
    end.SetRack(1, racks[1]);

    EndgameSolver solver(pos.kwg(), rules, 16);
    core::StopToken never;
    core::SearchControl control(core::Limits{}, &never);
    const EndgameResult r = solver.Solve(end, 40, control, {});
    ASSERT_TRUE(r.exact) << FormatCgp(end);
    testing::Minimax minimax{pos.kwg(), rules};
    Board board = end.board();
    Rack rs[2] = {racks[0], racks[1]};
    for (const EndgameResult::Play& p : r.plays) {
      ASSERT_EQ(p.value, minimax.Play(board, rs, 0, 0, p.move))
          << end.Format(p.move) << " in " << FormatCgp(end);
    }
    for (size_t k = 1; k < r.plays.size(); ++k) EXPECT_GE(r.plays[k - 1].value, r.plays[k].value);
    ++solved;
  }
  EXPECT_EQ(solved, testing::Cases(200));
}

}  // namespace
}  // namespace kibitzer::scrabble

namespace kibitzer::scrabble {
namespace {

// Analysis picks the endgame when the bag is empty and both racks are known, ranks every play
// with the solver's values, and a depth limit leaves estimates.
TEST(ScrabbleEndgame, AnalysisOfAnEmptyBagIsTheEndgame) {
  const ScrabbleGame game(std::make_shared<const LexiconStore>(testing::LexiconDir()));
  int checked = 0;
  for (const Position& pos : testing::GamePositions(4, 61)) {
    if (pos.bag_size() != 0 || pos.side(0).size + pos.side(1).size > 5) continue;
    core::PositionSpec spec;
    spec.notation = FormatCgp(pos);
    if (pos.to_move() == 1) spec.options["to_move"] = "2";
    auto state = game.Setup(spec);
    ASSERT_TRUE(state.ok()) << state.status();
    for (int depth : {0, 1}) {
      core::SearchSpec search;
      search.limits.depth = depth;
      auto task = game.PrepareSearch(**state, search);
      ASSERT_TRUE(task.ok()) << task.status();
      core::StopToken never;
      core::SearchControl control(search.limits, &never);
      kibitzer::testing::CollectingSink sink;
      const core::Report r = (*task)->Run(control, sink);
      EXPECT_EQ(r.moves.size(), AllMoves(pos).size());
      if (depth == 1) {
        EXPECT_EQ(r.stop_reason, core::StopReason::kDepthLimit);
        EXPECT_EQ(r.moves.front().bound, core::Bound::kEstimate);
        continue;
      }
      ASSERT_EQ(r.stop_reason, core::StopReason::kCompleted) << r.message;
      EndgameSolver solver(pos.kwg(), pos.rules(), 16);
      const EndgameResult exact = solver.Solve(pos, 100, control, {});
      ASSERT_TRUE(exact.exact);
      EXPECT_EQ(r.moves.front().value, exact.plays.front().value);
      EXPECT_EQ(r.moves.front().bound, core::Bound::kExact);
      EXPECT_EQ(
          r.moves.front().metrics[1].value,
          pos.score(pos.to_move()) - pos.score(1 - pos.to_move()) + exact.plays.front().value);
      // Each exact play's line: legal move by move; played out to the end of the game, the
      // mover's final spread is the play's.
      for (const core::MoveValue& mv : r.moves) {
        if (mv.bound != core::Bound::kExact) continue;
        ASSERT_FALSE(mv.pv.empty()) << mv.move;
        EXPECT_EQ(mv.pv.front(), mv.move);
        Position line = pos;
        line.StopRecording();
        for (size_t i = 0; i < mv.pv.size(); ++i) {
          absl::StatusOr<Move> m = line.Parse(mv.pv[i], "pv");
          ASSERT_TRUE(m.ok()) << m.status();
          ASSERT_EQ(line.WhyIllegal(&*m), "") << mv.move << " ply " << i << " " << mv.pv[i];
          line.Apply(*m);
        }
        if (&mv == &r.moves.front()) {
          EXPECT_TRUE(line.over()) << mv.move;
        }
        if (line.over()) {
          EXPECT_EQ(line.score(pos.to_move()) - line.score(1 - pos.to_move()), mv.metrics[1].value)
              << mv.move;
        }
      }
    }
    if (++checked == 3) break;
  }
  EXPECT_EQ(checked, 3);
}

}  // namespace
}  // namespace kibitzer::scrabble

namespace kibitzer::scrabble {
namespace {

TEST(ScrabbleEndgame, BestOnlyFindsTheSameBestValueAndBoundsTheRest) {
  int checked = 0, bounded = 0;
  for (const Position& pos : testing::GamePositions(4, 71)) {
    if (pos.bag_size() != 0 || pos.side(0).size + pos.side(1).size > 6) continue;
    core::StopToken never;
    core::SearchControl control(core::Limits{}, &never);
    EndgameSolver solver(pos.kwg(), pos.rules(), 16);
    const EndgameResult all = solver.Solve(pos, 100, control, {});
    const EndgameResult best = solver.Solve(pos, 100, control, {}, true);
    ASSERT_TRUE(all.exact && best.exact);
    EXPECT_EQ(best.plays.front().value, all.plays.front().value);
    EXPECT_FALSE(best.plays.front().upper);
    for (const EndgameResult::Play& p : best.plays) {
      const auto exact = std::find_if(all.plays.begin(), all.plays.end(),
                                      [&](const auto& q) { return q.move == p.move; });
      ASSERT_NE(exact, all.plays.end());
      if (p.upper) {
        EXPECT_LE(exact->value, p.value);
      } else {
        EXPECT_EQ(exact->value, p.value);
      }
    }
    for (const EndgameResult::Play& p : best.plays) bounded += p.upper;
    if (++checked == 3) break;
  }
  EXPECT_EQ(checked, 3);
  EXPECT_GT(bounded, 0);  // best only: some plays were only bounded
}

}  // namespace
}  // namespace kibitzer::scrabble
