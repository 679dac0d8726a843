// Tic-tac-toe: notation, rules and analysis through the Game interface.
#include <algorithm>

#include "engine/games/tictactoe/notation.h"
#include "engine/games/tictactoe/tictactoe_game.h"
#include "gtest/gtest.h"
#include "tests/engine/test_sink.h"

namespace kibitzer::tictactoe {
namespace {

using testing::RunSearch;

core::PositionSpec Pos(std::string notation, std::string variant = "") {
  core::PositionSpec p;
  p.notation = std::move(notation);
  p.variant = std::move(variant);
  return p;
}

const core::MoveValue* Find(const core::Report& r, const std::string& move) {
  for (const auto& m : r.moves) {
    if (m.move == move) return &m;
  }
  return nullptr;
}

double Statistic(const core::Report& r, const std::string& name) {
  for (const auto& s : r.statistics) {
    if (s.name == name) return s.value;
  }
  return -1;
}

TEST(TicTacToeNotation, ParsesVariantsOfWritingAndFormatsCanonically) {
  auto b = ParsePosition("X../.O./..x o", 3);
  ASSERT_TRUE(b.ok()) << b.status();
  EXPECT_EQ(FormatPosition(*b), "x...o...x o");
  EXPECT_EQ(FormatPosition(*ParsePosition("", 3)), "......... x");
  EXPECT_EQ(FormatPosition(*ParsePosition("  x--------  ", 3)), "x........ o");
  EXPECT_EQ(FormatPosition(*ParsePosition("x...............", 4)), "x............... o");
}

struct BadPosition {
  const char* notation;
  const char* says;
};

class TicTacToeBadPosition : public ::testing::TestWithParam<BadPosition> {};

TEST_P(TicTacToeBadPosition, IsRefusedWithItsReason) {
  auto b = ParsePosition(GetParam().notation, 3);
  ASSERT_FALSE(b.ok());
  EXPECT_EQ(b.status().code(), absl::StatusCode::kInvalidArgument);
  const std::string message(b.status().message());
  EXPECT_EQ(message.rfind("notation: ", 0), 0u) << message;
  EXPECT_NE(message.find(GetParam().says), std::string::npos) << message;
}

INSTANTIATE_TEST_SUITE_P(Reasons, TicTacToeBadPosition,
                         ::testing::Values(BadPosition{"x.......", "has 8 squares"},
                                           BadPosition{"x.........", "more than 9 squares"},
                                           BadPosition{"x...z....", "character 'z'"},
                                           BadPosition{"xx.......", "x has 2 pieces and o has 0"},
                                           BadPosition{"o........", "x has 0 pieces and o has 1"},
                                           BadPosition{"xxxooo...", "both x and o"},
                                           BadPosition{"xxxoo.o..", "o moved after it"},
                                           BadPosition{"oooxx.xx.", "x moved after it"},
                                           BadPosition{"x........ x",
                                                       "side to move 'x' does not fit"},
                                           BadPosition{"x........ q", "is not x or o"}));

TEST(TicTacToeNotation, SquaresByNameOrNumber) {
  EXPECT_EQ(*ParseSquare("a1", 3, "m"), 0);
  EXPECT_EQ(*ParseSquare("C3", 3, "m"), 8);
  EXPECT_EQ(*ParseSquare("5", 3, "m"), 4);
  EXPECT_EQ(*ParseSquare("d4", 4, "m"), 15);
  EXPECT_FALSE(ParseSquare("d4", 3, "m").ok());
  EXPECT_FALSE(ParseSquare("0", 3, "m").ok());
  EXPECT_FALSE(ParseSquare("10", 3, "m").ok());
  EXPECT_EQ(FormatMove(5, 3), "c2");
}

TEST(TicTacToeGame, SetupAppliesMovesAndRefusesIllegalOnes) {
  TicTacToeGame game;
  core::PositionSpec p = Pos("");
  p.moves = {"b2", "a1", "c3"};
  auto s = game.Setup(p);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ((*s)->Normalized().notation, "o...x...x o");
  EXPECT_EQ((*s)->SideToMove(), "o");
  EXPECT_EQ((*s)->LegalMoves().size(), 6u);

  p.moves = {"b2", "b2"};
  auto taken = game.Setup(p);
  EXPECT_EQ(taken.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(taken.status().message().find("moves[1]"), absl::string_view::npos);

  core::PositionSpec over = Pos("xxxoo....");
  over.moves = {"c3"};
  auto after_end = game.Setup(over);
  EXPECT_NE(after_end.status().message().find("game is over"), absl::string_view::npos);

  EXPECT_NE(game.Setup(Pos("", "5x5")).status().message().find("variant"), absl::string_view::npos);
  core::PositionSpec seat = Pos("");
  seat.seat = "n";
  EXPECT_NE(game.Setup(seat).status().message().find("seat"), absl::string_view::npos);
}

TEST(TicTacToeGame, FinishedGamesSayWhoWon) {
  TicTacToeGame game;
  auto won = game.Setup(Pos("xxxoo...."));
  ASSERT_TRUE(won.ok());
  EXPECT_TRUE((*won)->IsTerminal());
  EXPECT_EQ((*won)->Outcome(), "x wins");
  EXPECT_EQ((*won)->SideToMove(), "");
  EXPECT_TRUE((*won)->LegalMoves().empty());
  auto drawn = game.Setup(Pos("xoxxoooxx"));
  EXPECT_EQ((*drawn)->Outcome(), "draw");
  auto search = game.PrepareSearch(**won, core::SearchSpec{});
  EXPECT_EQ(search.status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(TicTacToeGame, DealOfAFullLayoutIsThePositionItself) {
  TicTacToeGame game;
  auto s = game.Setup(Pos("x...o.... x"));
  ASSERT_TRUE(s.ok());
  core::DealSpec spec;
  spec.count = 5;
  auto deal = game.Deal(**s, spec);
  ASSERT_TRUE(deal.ok());
  ASSERT_EQ(deal->layouts.size(), 1u);
  EXPECT_TRUE(deal->exhaustive);
  EXPECT_EQ(deal->layouts[0].notation, "x...o.... x");
  spec.fixed = {"x:a1"};
  EXPECT_EQ(game.Deal(**s, spec).status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(TicTacToeAnalysis, FromTheEmptyBoardEveryMoveDraws) {
  TicTacToeGame game;
  const core::Report r = RunSearch(game, Pos(""), core::SearchSpec{});
  EXPECT_EQ(r.stop_reason, core::StopReason::kCompleted);
  ASSERT_EQ(r.moves.size(), 9u);
  for (const auto& m : r.moves) {
    EXPECT_EQ(m.value, 0) << m.move;
    EXPECT_EQ(m.bound, core::Bound::kExact) << m.move;
    EXPECT_EQ(m.display, "draw");
  }
  EXPECT_EQ(Statistic(r, "minimax_nodes"), 549946);
  EXPECT_EQ(Statistic(r, "minimax_leaves"), 255168);
  EXPECT_LT(Statistic(r, "alphabeta_nodes"), 549946 / 10);
  // Exact values for all nine moves cost more than proving the best one, far less than minimax.
  EXPECT_LT(static_cast<double>(r.nodes), 549946 / 10);
}

TEST(TicTacToeAnalysis, FindsTheImmediateWin) {
  TicTacToeGame game;
  // x: a1 b1, o: a2 b2; x to move wins at c1 (o would win at c2 next).
  const core::Report r = RunSearch(game, Pos("xx.oo.... x"), core::SearchSpec{});
  EXPECT_EQ(r.best_move, "c1");
  EXPECT_EQ(r.moves.front().value, 1);
  EXPECT_EQ(r.moves.front().display, "win in 1");
  EXPECT_EQ(r.moves.front().pv, std::vector<std::string>{"c1"});
  // Every other move lets o win at c2 at once.
  for (const auto& m : r.moves) {
    if (m.move != "c1" && m.move != "c2") {
      EXPECT_EQ(m.display, "loss in 2") << m.move;
    }
  }
}

TEST(TicTacToeAnalysis, FindsTheForcedBlock) {
  TicTacToeGame game;
  // x: a1 b1, o: b2; o to move must block at c1.
  const core::Report r = RunSearch(game, Pos("xx..o.... o"), core::SearchSpec{});
  EXPECT_EQ(r.best_move, "c1");
  EXPECT_GE(r.moves.front().value, 0);
  for (const auto& m : r.moves) {
    if (m.move != "c1") {
      EXPECT_EQ(m.value, -1) << m.move;
    }
  }
}

TEST(TicTacToeAnalysis, TableOnOrOffGivesTheSameValues) {
  TicTacToeGame game;
  for (const char* notation : {"", "x........ o", "x...o.... x", "x...o...x o", "xo..x.... o"}) {
    core::SearchSpec with, without;
    without.options = {{"use_tt", "false"}};
    const core::Report a = RunSearch(game, Pos(notation), with);
    const core::Report b = RunSearch(game, Pos(notation), without);
    ASSERT_EQ(a.moves.size(), b.moves.size());
    for (const auto& m : a.moves) {
      const core::MoveValue* other = Find(b, m.move);
      ASSERT_NE(other, nullptr);
      EXPECT_EQ(m.value, other->value) << notation << " " << m.move;
      EXPECT_EQ(m.display, other->display) << notation << " " << m.move;
    }
  }
}

TEST(TicTacToeAnalysis, BestMoveAgreesWithAnalyzeAndBoundsTheRest) {
  TicTacToeGame game;
  for (const char* notation : {"", "x...o...x o", "xx..o.... o"}) {
    core::SearchSpec analyze, best;
    best.mode = core::SearchMode::kBestMove;
    const core::Report a = RunSearch(game, Pos(notation), analyze);
    const core::Report b = RunSearch(game, Pos(notation), best);
    EXPECT_EQ(b.moves.front().value, a.moves.front().value) << notation;
    EXPECT_EQ(b.moves.front().bound, core::Bound::kExact);
    EXPECT_LE(b.nodes, a.nodes) << notation;
    for (const auto& m : b.moves) {
      const core::MoveValue* exact = Find(a, m.move);
      if (m.bound == core::Bound::kUpper) {
        EXPECT_GE(m.value, exact->value) << m.move;
      }
    }
  }
}

TEST(TicTacToeAnalysis, CandidateMovesRestrictTheSearch) {
  TicTacToeGame game;
  core::SearchSpec spec;
  spec.limits.candidate_moves = {"a1", "5"};
  const core::Report r = RunSearch(game, Pos(""), spec);
  ASSERT_EQ(r.moves.size(), 2u);
  EXPECT_NE(Find(r, "a1"), nullptr);
  EXPECT_NE(Find(r, "b2"), nullptr);

  auto state = game.Setup(Pos("x........ o"));
  spec.limits.candidate_moves = {"b2", "a1"};
  auto bad = game.PrepareSearch(**state, spec);
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(bad.status().message().find("limits.candidate_moves[1]"), absl::string_view::npos);
}

TEST(TicTacToeAnalysis, LimitsEndTheSearchWithTheirReason) {
  TicTacToeGame game;
  core::SearchSpec depth;
  depth.limits.depth = 3;
  const core::Report d = RunSearch(game, Pos("", "4x4"), depth);
  EXPECT_EQ(d.stop_reason, core::StopReason::kDepthLimit);
  EXPECT_EQ(d.depth, 3);
  for (const auto& m : d.moves) EXPECT_EQ(m.bound, core::Bound::kEstimate);

  core::SearchSpec nodes;
  nodes.limits.nodes = 20000;
  const core::Report n = RunSearch(game, Pos("", "4x4"), nodes);
  EXPECT_EQ(n.stop_reason, core::StopReason::kNodeLimit);
  EXPECT_EQ(n.nodes, 20000u);
  EXPECT_FALSE(n.moves.empty());  // the ranking so far survives the stop
}

TEST(TicTacToeAnalysis, ProgressReportsCarryTheRankingInOrder) {
  TicTacToeGame game;
  testing::CollectingSink sink;
  const core::Report r = RunSearch(game, Pos(""), core::SearchSpec{}, &sink);
  ASSERT_GE(sink.progress.size(), 9u);
  uint64_t nodes = 0;
  for (const auto& p : sink.progress) {
    EXPECT_FALSE(p.final);
    EXPECT_GE(p.nodes, nodes);
    nodes = p.nodes;
    EXPECT_FALSE(p.moves.empty());
  }
  EXPECT_EQ(sink.progress.back().moves.size(), 9u);
  EXPECT_TRUE(r.final);
}

TEST(TicTacToeAnalysis, SameInputSameNodes) {
  TicTacToeGame game;
  core::SearchSpec spec;
  spec.limits.depth = 5;
  const core::Report a = RunSearch(game, Pos("", "4x4"), spec);
  const core::Report b = RunSearch(game, Pos("", "4x4"), spec);
  EXPECT_EQ(a.nodes, b.nodes);
  ASSERT_EQ(a.moves.size(), b.moves.size());
  for (size_t i = 0; i < a.moves.size(); ++i) {
    EXPECT_EQ(a.moves[i].move, b.moves[i].move);
    EXPECT_EQ(a.moves[i].value, b.moves[i].value);
  }
}

}  // namespace
}  // namespace kibitzer::tictactoe
