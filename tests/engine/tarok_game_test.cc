// Tarok through the Game interface: notation and moves, seat views and sampled layouts, and the
// analysis against the solver.
#include "engine/games/tarok/tarok_game.h"

#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/games/tarok/rules/deal.h"
#include "engine/games/tarok/solver/solver.h"
#include "tests/engine/tarok_positions.h"
#include "tests/engine/test_sink.h"

namespace kibitzer::tarok {
namespace {

TEST(TarokGame, SampledLayoutsAgreeWithTheSeatsKnowledge) {
  TarokGame game;
  core::Rng rng(11);
  int layouts = 0;
  for (int i = 0; i < 600; ++i) {
    core::PositionSpec spec = RandomPosition(rng, static_cast<int>(rng.Below(50)));
    spec.seat = std::to_string(1 + rng.Below(3));
    auto view = game.Setup(spec);
    ASSERT_TRUE(view.ok()) << view.status();
    const core::PositionSpec seen = (*view)->Normalized();
    core::DealSpec deal;
    deal.count = 5;
    deal.seed = static_cast<uint64_t>(i);
    auto result = game.Deal(**view, deal);
    ASSERT_TRUE(result.ok()) << result.status() << " " << seen.notation << " moves "
                             << absl::StrJoin(seen.moves, " ") << " options "
                             << absl::StrJoin(seen.options, " ", absl::PairFormatter("="));
    for (const core::PositionSpec& layout : result->layouts) {
      // Every move stays legal with the sampled cards...
      auto full = game.Setup(layout);
      ASSERT_TRUE(full.ok()) << full.status() << "\n" << layout.notation;
      // ...and the seat sees in the layout exactly what it saw.
      core::PositionSpec again = layout;
      again.seat = spec.seat;
      auto back = game.Setup(again);
      ASSERT_TRUE(back.ok()) << back.status();
      const core::PositionSpec seen_again = (*back)->Normalized();
      EXPECT_EQ(seen_again.notation, seen.notation);
      EXPECT_EQ(seen_again.moves, seen.moves);
      ++layouts;
    }
  }
  EXPECT_GE(layouts, 3000);
}

TEST(TarokGame, ExactAnalysisMatchesTheSolver) {
  TarokGame game;
  core::Rng rng(12);
  int checked = 0;
  for (int i = 0; i < 60; ++i) {
    core::PositionSpec spec = RandomPosition(rng, 40);
    auto state = game.Setup(spec);
    ASSERT_TRUE(state.ok()) << state.status();
    const Round& r = static_cast<const TarokState&>(**state).round();
    if (r.phase() != Phase::kPlay || r.play().TricksDone() < 10) continue;
    core::SearchSpec search;
    // One thread, or the root cards spread over three (each solved on its own).
    search.threads = 1 + 2 * (checked % 2);
    const core::Report report = testing::RunSearch(game, spec, search);
    ASSERT_EQ(report.stop_reason, core::StopReason::kCompleted) << report.message;
    ASSERT_EQ(report.moves.size(), static_cast<size_t>(std::popcount(r.play().Legal())));
    Solver solver(16);
    const int mover = r.ToMove();
    for (const core::MoveValue& mv : report.moves) {
      PlayState child = r.play();
      child.Play(*ParseCard(mv.move, "move"));
      const int v = solver.Solve(child, mover);
      double expected = v;
      const Contract c = r.contract();
      if (c == Contract::kKlop) {
        expected = -v;
      } else if (mover != r.declarer()) {
        expected = IsNormal(c) ? 70 - v : 1 - v;
      }
      EXPECT_EQ(mv.value, expected) << mv.move;
      EXPECT_EQ(mv.bound, core::Bound::kExact);
    }
    ++checked;
  }
  EXPECT_GT(checked, 10);
}

TEST(TarokGame, ExactAnalysisOverThreadsStopsAtItsNodeLimit) {
  TarokGame game;
  core::Rng rng(14);
  int checked = 0;
  for (int i = 0; i < 200 && checked < 3; ++i) {
    core::PositionSpec spec = RandomPosition(rng, 12);
    auto state = game.Setup(spec);
    ASSERT_TRUE(state.ok()) << state.status();
    const Round& r = static_cast<const TarokState&>(**state).round();
    if (r.phase() != Phase::kPlay || !IsNormal(r.contract()) || r.play().TricksDone() > 6 ||
        std::popcount(r.play().Legal()) < 3) {
      continue;
    }
    core::SearchSpec search;
    search.threads = 2;
    search.limits.nodes = 3000;
    const core::Report report = testing::RunSearch(game, spec, search);
    EXPECT_EQ(report.stop_reason, core::StopReason::kNodeLimit) << report.message;
    // Every card is still scored, but not all of them exactly.
    EXPECT_EQ(report.moves.size(), static_cast<size_t>(std::popcount(r.play().Legal())));
    int exact = 0;
    for (const core::MoveValue& mv : report.moves) exact += mv.bound == core::Bound::kExact;
    EXPECT_LT(exact, static_cast<int>(report.moves.size()));
    ++checked;
  }
  EXPECT_EQ(checked, 3);
}

// The value of playing `card` for the player to move, as the analysis reports it.
double MoverValue(const Round& r, int card) {
  Solver solver(16);
  PlayState child = r.play();
  child.Play(card);
  return ValueForMover(r.play(), r.ToMove(), solver.Solve(child, r.ToMove()));
}

double Metric(const core::MoveValue& mv, const std::string& name) {
  for (const core::Statistic& s : mv.metrics) {
    if (s.name == name) return s.value;
  }
  ADD_FAILURE() << mv.move << " has no metric " << name;
  return 0;
}

TEST(TarokGame, AStoppedExactAnalysisScoresEveryCardWithinWhatItProved) {
  TarokGame game;
  core::Rng rng(15);
  int stopped = 0, proven = 0;
  for (int i = 0; i < 300 && stopped < 12; ++i) {
    core::PositionSpec spec = RandomPosition(rng, 30);
    auto state = game.Setup(spec);
    ASSERT_TRUE(state.ok()) << state.status();
    const Round& r = static_cast<const TarokState&>(**state).round();
    if (r.phase() != Phase::kPlay || r.play().TricksDone() < 7 ||
        std::popcount(r.play().Legal()) < 2) {
      continue;
    }
    core::SearchSpec search;
    search.threads = 1 + stopped % 2;
    search.limits.nodes = uint64_t{400} << (2 * (stopped % 3));
    const core::Report report = testing::RunSearch(game, spec, search);
    if (report.stop_reason == core::StopReason::kCompleted) continue;
    ASSERT_EQ(report.stop_reason, core::StopReason::kNodeLimit) << report.message;
    ++stopped;
    ASSERT_EQ(report.moves.size(), static_cast<size_t>(std::popcount(r.play().Legal())));
    EXPECT_EQ(report.best_move, report.moves.front().move);
    bool some_exact = false;
    for (const core::MoveValue& mv : report.moves) some_exact |= mv.bound == core::Bound::kExact;
    for (const core::MoveValue& mv : report.moves) {
      const double value = MoverValue(r, *ParseCard(mv.move, "move"));
      if (mv.bound == core::Bound::kExact) {
        EXPECT_EQ(mv.value, value) << mv.move;
        continue;
      }
      // Not solved: the bounds hold the value; the value shown is the lower bound once some
      // card is solved, else the estimate within the bounds.
      const double lower = Metric(mv, "lower"), upper = Metric(mv, "upper");
      EXPECT_LE(lower, value) << mv.move << " " << mv.display;
      EXPECT_GE(upper, value) << mv.move << " " << mv.display;
      EXPECT_EQ(mv.bound, some_exact ? core::Bound::kLower : core::Bound::kEstimate);
      EXPECT_GE(mv.value, lower);
      EXPECT_LE(mv.value, upper);
      if (some_exact) {
        EXPECT_EQ(mv.value, lower);
      }
      proven += mv.display.find("proven") != std::string::npos;
    }
  }
  EXPECT_EQ(stopped, 12);
  // Some stops fell in a card's probes, after the first of them.
  EXPECT_GT(proven, 2);
}

TEST(TarokGame, FarFromTheEndASeatsLayoutsAreSearchedToAHorizon) {
  TarokGame game;
  core::Rng rng(16);
  int checked = 0;
  for (int i = 0; i < 60 && checked < 4; ++i) {
    std::optional<Round> r;
    const auto spec = MoversView(
        game, rng, 12,
        [](const Round& round) {
          return round.play().TricksDone() <= 5 && IsNormal(round.contract());
        },
        &r);
    if (!spec) continue;
    core::SearchSpec search;
    search.limits.samples = 8;
    search.seed = 3;
    search.threads = 1 + checked % 2;
    const core::Report report = testing::RunSearch(game, *spec, search);
    ASSERT_EQ(report.stop_reason, core::StopReason::kSampleLimit) << report.message;
    ASSERT_EQ(report.moves.size(), static_cast<size_t>(std::popcount(r->play().Legal())));
    EXPECT_EQ(report.depth, 6);
    for (const core::MoveValue& mv : report.moves) {
      // The mover's side's card points, averaged over the layouts.
      EXPECT_GE(mv.value, 0) << mv.move;
      EXPECT_LE(mv.value, 70) << mv.move;
      EXPECT_EQ(mv.samples, 8u);
    }
    // Asked for exact solving, the same position runs past a small node limit instead.
    search.options["algorithm"] = "exact";
    search.limits.nodes = 20000;
    EXPECT_EQ(testing::RunSearch(game, *spec, search).stop_reason, core::StopReason::kNodeLimit);
    // A depth is for the horizon (or the seed's search), not for exact solving.
    search.limits.depth = 4;
    auto task = game.PrepareSearch(**game.Setup(*spec), search);
    ASSERT_FALSE(task.ok());
    EXPECT_NE(task.status().message().find("limits.depth"), std::string::npos);
    ++checked;
  }
  EXPECT_EQ(checked, 4);
}

TEST(TarokGame, ASeatsAnalysisStoppedBeforeAnySearchStillScoresEveryCard) {
  TarokGame game;
  core::Rng rng(18);
  int checked = 0;
  for (int i = 0; i < 60 && checked < 4; ++i) {
    // Far from the end, where one layout's search runs past the first poll of the limits.
    std::optional<Round> r;
    const auto spec = MoversView(
        game, rng, 12,
        [](const Round& round) {
          return round.play().TricksDone() <= 4 && IsNormal(round.contract());
        },
        &r);
    if (!spec) continue;
    core::SearchSpec search;
    search.limits.samples = 10;
    search.limits.nodes = 1;  // stops at the first poll, within the first layout
    search.seed = 4;
    search.threads = 1;
    const core::Report one = testing::RunSearch(game, *spec, search);
    search.threads = 2;
    const core::Report two = testing::RunSearch(game, *spec, search);
    EXPECT_EQ(one.stop_reason, core::StopReason::kNodeLimit);
    EXPECT_EQ(one.samples, 0u);  // no layout searched...
    ASSERT_EQ(one.moves.size(), static_cast<size_t>(std::popcount(r->play().Legal())));
    EXPECT_EQ(one.best_move, one.moves.front().move);  // ...but every card scored
    ASSERT_EQ(two.moves.size(), one.moves.size());
    for (size_t m = 0; m < one.moves.size(); ++m) {
      EXPECT_EQ(one.moves[m].samples, 10u);
      EXPECT_GE(one.moves[m].value, 0);
      EXPECT_LE(one.moves[m].value, 70);
      // The same layouts at any thread count.
      EXPECT_EQ(one.moves[m].move, two.moves[m].move);
      EXPECT_EQ(one.moves[m].value, two.moves[m].value);
    }
    ++checked;
  }
  EXPECT_EQ(checked, 4);
}

TEST(TarokGame, AHorizonPastTheEndGivesTheExactAnalysis) {
  TarokGame game;
  core::Rng rng(17);
  int checked = 0;
  for (int i = 0; i < 80 && checked < 6; ++i) {
    std::optional<Round> r;
    const auto spec = MoversView(
        game, rng, 40, [](const Round& round) { return round.play().TricksDone() >= 11; }, &r);
    if (!spec) continue;
    core::SearchSpec search;
    search.limits.samples = 5;
    search.seed = 9;
    search.options["algorithm"] = "exact";
    const core::Report exact = testing::RunSearch(game, *spec, search);
    search.options["algorithm"] = "auto";
    search.limits.depth = 48;
    const core::Report horizon = testing::RunSearch(game, *spec, search);
    ASSERT_EQ(horizon.depth, 48);
    ASSERT_EQ(exact.moves.size(), horizon.moves.size());
    for (size_t m = 0; m < exact.moves.size(); ++m) {
      EXPECT_EQ(exact.moves[m].move, horizon.moves[m].move);
      EXPECT_DOUBLE_EQ(exact.moves[m].value, horizon.moves[m].value) << exact.moves[m].move;
    }
    ++checked;
  }
  EXPECT_EQ(checked, 6);
}

// Cards fixed in a seat's analysis: it averages over the layouts Deal gives with the same cards
// fixed and the same seed (layout i from stream i), each solved exactly as a full layout.
TEST(TarokGame, ASeatsAnalysisWithCardsFixedAveragesTheLayoutsDealGives) {
  TarokGame game;
  core::Rng rng(23);
  int checked = 0;
  for (int i = 0; i < 80 && checked < 4; ++i) {
    std::optional<Round> r;
    const auto spec = MoversView(
        game, rng, 40, [](const Round& round) { return round.play().TricksDone() >= 11; }, &r);
    if (!spec) continue;
    // The next player's highest card, fixed to him.
    const int next = (r->ToMove() + 1) % kPlayers;
    const std::string fixed = absl::StrCat(next + 1, ":", CardName(Highest(r->play().hand(next))));
    auto view = game.Setup(*spec);
    ASSERT_TRUE(view.ok()) << view.status();
    core::DealSpec deal;
    deal.count = 4;
    deal.seed = 9;
    deal.fixed = {fixed};
    auto layouts = game.Deal(**view, deal);
    ASSERT_TRUE(layouts.ok()) << layouts.status();
    core::SearchSpec search;
    search.limits.samples = 4;
    search.seed = 9;
    search.options["algorithm"] = "exact";
    search.fixed = {fixed};
    const core::Report seat = testing::RunSearch(game, *spec, search);
    ASSERT_EQ(seat.stop_reason, core::StopReason::kSampleLimit) << seat.message;
    std::map<std::string, double> sum;
    for (const core::PositionSpec& layout : layouts->layouts) {
      const core::Report full = testing::RunSearch(game, layout, core::SearchSpec{});
      ASSERT_EQ(full.moves.size(), seat.moves.size()) << full.message;
      for (const core::MoveValue& mv : full.moves) sum[mv.move] += mv.value;
    }
    for (const core::MoveValue& mv : seat.moves) {
      ASSERT_EQ(sum.count(mv.move), 1u) << mv.move;
      EXPECT_DOUBLE_EQ(mv.value, sum[mv.move] / 4) << mv.move;
    }
    ++checked;
  }
  EXPECT_EQ(checked, 4);
}

// With every card known each card's line of play runs to the end of the play, every card legal,
// and played out it gives the card's value.
TEST(TarokGame, EachCardsLineOfPlayIsLegalAndEndsAtItsValue) {
  TarokGame game;
  core::Rng rng(23);
  int checked = 0;
  for (int i = 0; i < 200 && checked < 6; ++i) {
    const core::PositionSpec spec = RandomPosition(rng, 40);
    auto state = game.Setup(spec);
    ASSERT_TRUE(state.ok()) << state.status();
    const Round& r = static_cast<const TarokState&>(**state).round();
    if (r.phase() != Phase::kPlay || r.play().TricksDone() < 10) continue;
    const core::Report report = testing::RunSearch(game, spec, core::SearchSpec{});
    ASSERT_EQ(report.stop_reason, core::StopReason::kCompleted) << report.message;
    const PlayState& s = r.play();
    for (const core::MoveValue& mv : report.moves) {
      ASSERT_FALSE(mv.pv.empty()) << mv.move;
      EXPECT_EQ(mv.pv.front(), mv.move);
      PlayState at = s;
      for (const std::string& card : mv.pv) {
        const absl::StatusOr<int> c = ParseCard(card, "pv");
        ASSERT_TRUE(c.ok()) << c.status();
        ASSERT_TRUE(at.Legal() & Bit(*c)) << mv.move << ": " << card;
        at.Play(*c);
      }
      ASSERT_TRUE(at.IsOver()) << mv.move;
      Solver solver;
      EXPECT_EQ(ValueForMover(s, s.ToMove(), solver.Solve(at, s.ToMove())), mv.value) << mv.move;
    }
    ++checked;
  }
  EXPECT_EQ(checked, 6);
}

TEST(TarokGame, BidsAndTalonGroupsAreValuedBySimulation) {
  TarokGame game;
  core::PositionSpec spec;
  spec.notation = game.Info().example_position;
  spec.seat = "2";
  core::SearchSpec search;
  search.limits.samples = 12;
  search.seed = 3;
  const core::Report bids = testing::RunSearch(game, spec, search);
  ASSERT_EQ(bids.stop_reason, core::StopReason::kSampleLimit) << bids.message;
  // Every legal bid of player 1, each over the same 12 simulated layouts; passing scores 0.
  ASSERT_EQ(bids.moves.size(), 8u);
  for (const core::MoveValue& mv : bids.moves) {
    EXPECT_EQ(mv.samples, 12u);
    if (mv.move == "pass") {
      EXPECT_EQ(mv.value, 0);
    }
  }
  // Valat with this hand loses every simulated game: -500 each.
  for (const core::MoveValue& mv : bids.moves) {
    if (mv.move == "valat") {
      EXPECT_EQ(mv.value, -500);
    }
  }
  // The talon: two by seat 3, three groups to choose from.
  spec.seat = "3";
  spec.moves = {"pass", "two", "pass", "two"};
  const core::Report talon = testing::RunSearch(game, spec, search);
  ASSERT_EQ(talon.moves.size(), 3u) << talon.message;
  EXPECT_EQ(talon.moves[0].move.rfind("talon:", 0), 0u);
}

TEST(TarokGame, BiddingMovesSetUpAndPlay) {
  TarokGame game;
  core::PositionSpec spec;
  spec.notation = game.Info().example_position;
  spec.moves = {"pass", "pass", "klop", "XXI"};
  auto state = game.Setup(spec);
  ASSERT_TRUE(state.ok()) << state.status();
  EXPECT_EQ((*state)->SideToMove(), "2");
  EXPECT_EQ((*state)->LegalMoves(), std::vector<std::string>{"SK"});
  spec.moves = {"pass", "pass", "two", "talon:1"};  // forehand's bid after two passes is final
  state = game.Setup(spec);
  ASSERT_TRUE(state.ok()) << state.status();
  EXPECT_EQ((*state)->SideToMove(), "1");
}

std::string ErrorOf(const core::Game& game, const core::PositionSpec& spec) {
  auto s = game.Setup(spec);
  return s.ok() ? "" : std::string(s.status().message());
}

TEST(TarokGame, BadInputsAreRefusedNamingTheField) {
  TarokGame game;
  const std::string example = game.Info().example_position;
  core::PositionSpec spec;
  spec.notation = "XXI,XX -";
  EXPECT_NE(ErrorOf(game, spec).find("notation"), std::string::npos);
  spec.notation = example;
  spec.notation.replace(0, 4, "");  // the first hand loses XIX
  EXPECT_NE(ErrorOf(game, spec).find("notation: hand 1"), std::string::npos);
  spec.notation = example;
  spec.moves = {"three"};
  EXPECT_NE(ErrorOf(game, spec).find("moves[0]"), std::string::npos);  // three only for forehand
  spec.moves = {"pass", "pass", "klop", "VII"};
  EXPECT_NE(ErrorOf(game, spec).find("moves[3]"), std::string::npos);  // not in P0's hand
  spec.moves = {};
  spec.options = {{"contract", "three"}};
  EXPECT_NE(ErrorOf(game, spec).find("options[declarer]"), std::string::npos);
  spec.options = {{"contract", "three"}, {"declarer", "2"}, {"kontra", "3"}};
  EXPECT_NE(ErrorOf(game, spec).find("options[kontra]"), std::string::npos);
  spec.options = {};
  spec.seat = "0";
  EXPECT_NE(ErrorOf(game, spec).find("seat"), std::string::npos);
  spec.seat = "";
  spec.options = {};
  spec.variant = "slovenia";
  EXPECT_NE(ErrorOf(game, spec).find("variant"), std::string::npos);
  // Three is only for forehand: as a candidate of player 1 it is refused, naming the field.
  spec.variant = "";
  auto state = game.Setup(spec);
  ASSERT_TRUE(state.ok());
  core::SearchSpec search;
  search.limits.candidate_moves = {"three"};
  auto task = game.PrepareSearch(**state, search);
  ASSERT_FALSE(task.ok());
  EXPECT_NE(task.status().message().find("limits.candidate_moves[0]"), std::string::npos);
}

}  // namespace
}  // namespace kibitzer::tarok
