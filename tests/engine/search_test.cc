// The generic searches, on tic-tac-toe and on a small three-player game.
#include <array>
#include <vector>

#include "engine/core/rng.h"
#include "engine/games/tictactoe/board.h"
#include "engine/search/alpha_beta.h"
#include "engine/search/maxn.h"
#include "engine/search/minimax.h"
#include "engine/search/root_search.h"
#include "gtest/gtest.h"

namespace kibitzer::search {
namespace {

using tictactoe::Board;

// Random reachable positions: random playouts of `plies` moves that stop before the game ends.
std::vector<Board> RandomPositions(int size, int count, uint64_t seed) {
  std::vector<Board> out;
  core::Rng rng(seed);
  while (static_cast<int>(out.size()) < count) {
    Board b(size);
    const int plies = static_cast<int>(rng.Below(size == 3 ? 7 : 9));
    for (int i = 0; i < plies && !b.IsTerminal(); ++i) {
      Board::Move moves[Board::kMaxMoves];
      const int n = b.GenerateMoves(moves);
      b.Play(moves[rng.Below(n)]);
    }
    if (!b.IsTerminal()) out.push_back(b);
  }
  return out;
}

int SolveWith(Board b, TranspositionTable* tt, uint64_t* nodes = nullptr) {
  core::StopToken token;
  core::SearchControl control(core::Limits{}, &token);
  AlphaBeta<Board> ab(&control, tt);
  const int v = ab.Search(b, b.squares(), -kInfinity, kInfinity);
  if (nodes != nullptr) *nodes = ab.nodes();
  return v;
}

TEST(PlainMinimax, CompleteTicTacToeTreeHasKnownSize) {
  Board b(3);
  TreeCount count;
  const int value = PlainMinimax(b, count);
  EXPECT_EQ(count.nodes, 549946u);
  EXPECT_EQ(count.leaves, 255168u);
  EXPECT_EQ(value, 0);     // tic-tac-toe is a draw
  EXPECT_EQ(b, Board(3));  // searched in place and restored
}

TEST(AlphaBeta, AgreesWithMinimaxAndVisitsFewerNodes) {
  Board empty(3);
  TreeCount count;
  PlainMinimax(empty, count);
  uint64_t ab_nodes = 0;
  EXPECT_EQ(SolveWith(empty, nullptr, &ab_nodes), 0);
  EXPECT_LT(ab_nodes, count.nodes / 10);

  for (const Board& b : RandomPositions(3, 200, 11)) {
    Board copy = b;
    TreeCount c;
    EXPECT_EQ(SolveWith(b, nullptr), PlainMinimax(copy, c));
  }
}

TEST(AlphaBeta, TranspositionTableChangesNodesNotValues) {
  for (int size : {3, 4}) {
    const int count = size == 3 ? 200 : 6;
    for (const Board& b : RandomPositions(size, count, 23 + size)) {
      if (size == 4 && b.pieces() < 6) continue;  // keep the 4x4 solves small without a table
      TranspositionTable tt(1);
      uint64_t with = 0, without = 0;
      EXPECT_EQ(SolveWith(b, &tt, &with), SolveWith(b, nullptr, &without));
    }
  }
  TranspositionTable tt(1);
  uint64_t with = 0, without = 0;
  EXPECT_EQ(SolveWith(Board(3), &tt, &with), SolveWith(Board(3), nullptr, &without));
  EXPECT_LT(with, without);
  EXPECT_GT(tt.hits(), 0u);
}

TEST(AlphaBeta, StopsWhenToldAndSaysSo) {
  core::StopToken token;
  core::Limits limits;
  limits.nodes = 5000;
  core::SearchControl control(limits, &token);
  AlphaBeta<Board> ab(&control, nullptr);
  Board b(4);
  ab.Search(b, 16, -kInfinity, kInfinity);
  EXPECT_TRUE(ab.aborted());
  EXPECT_EQ(ab.nodes(), 5000u);
  EXPECT_EQ(control.reason(), core::StopReason::kNodeLimit);
}

TEST(RootSearch, EveryOpeningMoveDrawsAndIsProven) {
  Board b(3);
  core::StopToken token;
  core::SearchControl control(core::Limits{}, &token);
  TranspositionTable tt(1);
  Board::Move moves[Board::kMaxMoves];
  const int n = b.GenerateMoves(moves);
  RootSearch<Board> root(b, std::vector<Board::Move>(moves, moves + n), core::SearchMode::kAnalyze,
                         &control, &tt);
  int updates = 0;
  EXPECT_EQ(root.Run(9, [&](auto&) { ++updates; }), core::StopReason::kCompleted);
  EXPECT_GE(updates, 9);
  ASSERT_EQ(root.root_moves().size(), 9u);
  for (const auto& rm : root.root_moves()) {
    EXPECT_EQ(rm.value, 0);
    EXPECT_EQ(rm.bound, core::Bound::kExact);
  }
  // The principal variation of a draw is a whole game.
  EXPECT_EQ(root.PrincipalVariation(root.root_moves()[0].move, 9).size(), 9u);
}

TEST(RootSearch, DepthLimitGivesEstimates) {
  Board b(3);
  core::StopToken token;
  core::SearchControl control(core::Limits{}, &token);
  Board::Move moves[Board::kMaxMoves];
  const int n = b.GenerateMoves(moves);
  RootSearch<Board> root(b, std::vector<Board::Move>(moves, moves + n), core::SearchMode::kAnalyze,
                         &control, nullptr);
  EXPECT_EQ(root.Run(2, [](auto&) {}), core::StopReason::kDepthLimit);
  EXPECT_EQ(root.completed_depth(), 2);
  for (const auto& rm : root.root_moves()) EXPECT_EQ(rm.bound, core::Bound::kEstimate);
  // The centre keeps the most lines open: the lecture's heuristic ranks it first.
  EXPECT_EQ(root.Ranked().front().move, 4);
}

// Three players take 1 or 2 stones in turn; whoever takes the last stone scores 1.
struct Stones {
  using Move = uint8_t;
  static constexpr int kMaxMoves = 2;
  static constexpr int kMaxPlayers = 3;
  int pile = 0;
  int player = 0;
  int last_taker = -1;
  std::vector<int> takers;

  int NumPlayers() const { return 3; }
  int CurrentPlayer() const { return player; }
  int GenerateMoves(Move* out) const {
    int n = 0;
    for (Move take = 1; take <= 2 && take <= pile; ++take) out[n++] = take;
    return n;
  }
  void Play(Move m) {
    pile -= m;
    takers.push_back(last_taker);
    last_taker = player;
    player = (player + 1) % 3;
  }
  void Undo(Move m) {
    pile += m;
    player = (player + 2) % 3;
    last_taker = takers.back();
    takers.pop_back();
  }
  bool IsTerminal() const { return pile == 0; }
  void Returns(int* v) const {
    for (int p = 0; p < 3; ++p) v[p] = p == last_taker ? 1 : 0;
  }
  void EvaluateAll(int* v) const {
    for (int p = 0; p < 3; ++p) v[p] = 0;
  }
};

TEST(MaxN, ThreePlayerStonesFollowsEachPlayersInterest) {
  core::StopToken token;
  core::SearchControl control(core::Limits{}, &token);
  auto winner = [&](int pile, uint8_t* first_move) {
    Stones s;
    s.pile = pile;
    MaxN<Stones> maxn(&control);
    auto v = maxn.Search(s, 20, first_move);
    int w = -1;
    for (int p = 0; p < 3; ++p) {
      if (v[p] == 1) w = p;
    }
    return w;
  };
  uint8_t move = 0;
  EXPECT_EQ(winner(1, &move), 0);
  EXPECT_EQ(winner(2, &move), 0);
  EXPECT_EQ(move, 2);  // taking both stones wins at once
  // With three stones player 0 cannot win: either move leaves player 1 the last stones.
  EXPECT_EQ(winner(3, &move), 1);
  // With four, player 0 is indifferent and takes the first move (1), which hands the game to
  // player 2 (player 1 then faces three stones, as player 0 did above).
  EXPECT_EQ(winner(4, &move), 2);
  EXPECT_EQ(move, 1);
}

// Tic-tac-toe as a two-player max^n game: max^n must agree with negamax.
struct TwoPlayerBoard : Board {
  static constexpr int kMaxPlayers = 2;
  using Board::Board;
  int NumPlayers() const { return 2; }
  int CurrentPlayer() const { return ToMove() == tictactoe::Player::kX ? 0 : 1; }
  void Returns(int* v) const {
    const int me = CurrentPlayer();
    v[me] = TerminalValue();
    v[1 - me] = -TerminalValue();
  }
  void EvaluateAll(int* v) const {
    const int me = CurrentPlayer();
    v[me] = Evaluate();
    v[1 - me] = -Evaluate();
  }
};

TEST(MaxN, AgreesWithNegamaxOnTwoPlayers) {
  core::StopToken token;
  core::SearchControl control(core::Limits{}, &token);
  for (const Board& b : RandomPositions(3, 50, 5)) {
    TwoPlayerBoard tb(3);
    for (int s = 0; s < 9; ++s) {
      if ((b.x() >> s) & 1) tb.Put(s, tictactoe::Player::kX);
      if ((b.o() >> s) & 1) tb.Put(s, tictactoe::Player::kO);
    }
    MaxN<TwoPlayerBoard> maxn(&control);
    auto v = maxn.Search(tb, 9);
    EXPECT_EQ(v[tb.CurrentPlayer()], SolveWith(b, nullptr));
  }
}

}  // namespace
}  // namespace kibitzer::search
