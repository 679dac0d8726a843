// Monte Carlo analysis from a seat's view: agreement with double dummy where nothing is left to
// chance, a textbook finesse, reproducibility across thread counts, early stopping, refusals.
#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/memory_budget.h"
#include "engine/games/bridge/bridge_game.h"
#include "engine/games/bridge/dd/dd_solver.h"
#include "engine/games/bridge/dd/dd_table.h"
#include "engine/games/bridge/rules/scoring.h"
#include "gtest/gtest.h"
#include "tests/engine/test_sink.h"

namespace kibitzer::bridge {
namespace {

constexpr char kDeal[] = "N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 J876.KJ852.5.Q76 T5.T97.K87.AT984";

class CollectingSink final : public core::ProgressSink {
 public:
  void OnProgress(const core::Report& r) override { progress.push_back(r); }
  void OnFinished(const core::Report&) override {}
  std::vector<core::Report> progress;
};

absl::StatusOr<std::unique_ptr<core::GameState>> Position(const BridgeGame& game,
                                                          const std::string& notation,
                                                          std::vector<std::string> moves,
                                                          core::OptionMap options,
                                                          const std::string& seat) {
  core::PositionSpec spec;
  spec.notation = notation;
  spec.moves = std::move(moves);
  spec.options = std::move(options);
  spec.seat = seat;
  return game.Setup(spec);
}

core::Report Analyse(const BridgeGame& game, const core::GameState& state, core::SearchSpec spec,
                     std::vector<core::Report>* progress = nullptr) {
  absl::StatusOr<std::unique_ptr<core::SearchTask>> task = game.PrepareSearch(state, spec);
  EXPECT_TRUE(task.ok()) << task.status();
  if (!task.ok()) return {};
  core::StopToken token;
  core::SearchControl control(spec.limits, &token);
  CollectingSink sink;
  core::Report r = (*task)->Run(control, sink);
  if (progress != nullptr) *progress = sink.progress;
  return r;
}

// A four-card ending at 1NT by South, South on lead and seeing only his own hand and dummy.
absl::StatusOr<std::unique_ptr<core::GameState>> SouthsViewOfAnEnding(const BridgeGame& game) {
  return Position(game, "N:AQ.2.A.J T.KQ.K.Q 32.3.2.A 5.J4.Q.K", {},
                  {{"leader", "S"}, {"contract", "1NT"}, {"declarer", "S"}}, "S");
}

double Metric(const core::MoveValue& mv, const std::string& name) {
  for (const auto& m : mv.metrics) {
    if (m.name == name) return m.value;
  }
  ADD_FAILURE() << "no metric " << name;
  return 0;
}

// Every card of `r` valued at its double-dummy value in kDeal after West's S5 lead at no trump,
// with no error.
void ExpectTheDoubleDummyValuesAfterTheLead(const core::Report& r) {
  absl::StatusOr<Hands> hands = ParsePbnDeal(kDeal, "deal");
  ASSERT_TRUE(hands.ok());
  PlayPosition p;
  p.hands = *hands;
  p.trump = kNoTrump;
  p.leader = kWest;
  p.Play(MakeCard(kSpades, 5));
  DoubleDummySolver solver;
  ASSERT_EQ(r.moves.size(), static_cast<size_t>(p.LegalCards().size()));
  for (const core::MoveValue& mv : r.moves) {
    EXPECT_EQ(mv.value, solver.SolveCard(p, *ParseCard(mv.move))) << mv.move;
    EXPECT_EQ(mv.std_error, 0) << mv.move;
  }
}

// West's hand is left out, but after North, East and South are known it is the only layout:
// every card's mean is its double-dummy value, with no error.
TEST(BridgeMonteCarlo, AViewWithNothingHiddenGivesTheDoubleDummyValues) {
  BridgeGame game;
  auto state = Position(game, "N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 J876.KJ852.5.Q76 -", {"S5"},
                        {{"contract", "3NT"}, {"declarer", "S"}}, "");
  ASSERT_TRUE(state.ok()) << state.status();
  core::DealSpec deal;
  deal.count = 5;
  absl::StatusOr<core::DealResult> layouts = game.Deal(**state, deal);
  ASSERT_TRUE(layouts.ok()) << layouts.status();
  EXPECT_TRUE(layouts->exhaustive);
  ASSERT_EQ(layouts->layouts.size(), 1u);

  core::SearchSpec spec;
  spec.limits.samples = 4;
  spec.options = {{"objective", "tricks"}};
  const core::Report r = Analyse(game, **state, spec);
  EXPECT_EQ(r.stop_reason, core::StopReason::kSampleLimit);
  EXPECT_EQ(r.samples, 4u);
  ExpectTheDoubleDummyValuesAfterTheLead(r);
  for (const core::MoveValue& mv : r.moves) EXPECT_EQ(mv.samples, 4u);
}

// East and West are both hidden, but the analysis fixes East's thirteen cards: West's are then
// the rest, and again every card's mean is its double-dummy value. Fixed cards that contradict
// the view, or a layout with nothing hidden, are refused naming fixed[i].
TEST(BridgeMonteCarlo, CardsFixedInTheAnalysisHoldInEveryLayout) {
  BridgeGame game;
  auto state = Position(game, "N:AKQ2.AQ6.J64.J53 - J876.KJ852.5.Q76 -", {"S5"},
                        {{"contract", "3NT"}, {"declarer", "S"}}, "");
  ASSERT_TRUE(state.ok()) << state.status();
  core::SearchSpec spec;
  spec.limits.samples = 6;
  spec.options = {{"objective", "tricks"}};
  spec.fixed = {"E:S9,S4,S3,H4,H3", "E:DA,DQ,DT,D9,D3,D2,CK,C2"};
  const core::Report r = Analyse(game, **state, spec);
  EXPECT_EQ(r.stop_reason, core::StopReason::kSampleLimit);
  ExpectTheDoubleDummyValuesAfterTheLead(r);

  // Without them the layouts differ, and so do some cards' values from one to the next.
  spec.fixed.clear();
  spec.limits.samples = 40;
  const core::Report loose = Analyse(game, **state, spec);
  double spread = 0;
  for (const core::MoveValue& mv : loose.moves) spread += mv.std_error;
  EXPECT_GT(spread, 0);

  for (const auto& [fixed, message] : std::vector<std::pair<std::string, std::string>>{
           {"E:SA", "fixed[0]: SA to E: N holds it"}, {"X:SA", "fixed[0]: 'X:SA' is not"}}) {
    spec.fixed = {fixed};
    absl::StatusOr<std::unique_ptr<core::SearchTask>> task = game.PrepareSearch(**state, spec);
    ASSERT_FALSE(task.ok()) << fixed;
    EXPECT_NE(task.status().message().find(message), absl::string_view::npos)
        << task.status().message();
  }
  auto full = Position(game, kDeal, {}, {{"contract", "3NT"}, {"declarer", "S"}}, "");
  ASSERT_TRUE(full.ok()) << full.status();
  core::SearchSpec exact;
  exact.fixed = {"E:DA"};
  absl::StatusOr<std::unique_ptr<core::SearchTask>> task = game.PrepareSearch(**full, exact);
  ASSERT_FALSE(task.ok());
  EXPECT_NE(task.status().message().find("fixed[0]: every card is known"), absl::string_view::npos)
      << task.status().message();
}

// The IMPs objective compares each card's score with the double-dummy par of the layout.
TEST(BridgeMonteCarlo, ImpsAreCountedAgainstTheParOfEachLayout) {
  BridgeGame game;
  auto state =
      Position(game, "N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 J876.KJ852.5.Q76 -", {"S5"},
               {{"contract", "3NT"}, {"declarer", "S"}, {"dealer", "E"}, {"vulnerable", "NS"}}, "");
  ASSERT_TRUE(state.ok()) << state.status();
  core::SearchSpec spec;
  spec.limits.samples = 1;
  spec.options = {{"objective", "imps"}};
  const core::Report r = Analyse(game, **state, spec);
  ASSERT_EQ(r.samples, 1u);

  absl::StatusOr<Hands> hands = ParsePbnDeal(kDeal, "deal");
  ASSERT_TRUE(hands.ok());
  DoubleDummySolver solver;
  const Par par = DealerPar(SolveTable(solver, *hands), kEast, Vulnerability::kNorthSouth);
  PlayPosition p;
  p.hands = *hands;
  p.trump = kNoTrump;
  p.leader = kWest;
  p.Play(MakeCard(kSpades, 5));
  const Contract three_nt{3, kNoTrump, 0};
  for (const core::MoveValue& mv : r.moves) {
    // North plays for declarer: North-South's tricks are the mover's.
    const int tricks = solver.SolveCard(p, *ParseCard(mv.move));
    const int score = DuplicateScore(three_nt, true, tricks);
    EXPECT_EQ(mv.value, Imps(score - par.score)) << mv.move;
    EXPECT_EQ(Metric(mv, "score"), score) << mv.move;
    EXPECT_EQ(Metric(mv, "success"), tricks >= 9 ? 1 : 0) << mv.move;
  }
}

// AQ facing two small, the king and three small spades out and nothing else to go on: the
// finesse works half the time.
TEST(BridgeMonteCarlo, TheFinesseIsAFiftyPercentProposition) {
  BridgeGame game;
  auto state =
      Position(game, "N:AQ... 65... 32... K4...", {}, {{"leader", "S"}, {"declarer", "S"}}, "S");
  ASSERT_TRUE(state.ok()) << state.status();
  core::SearchSpec spec;
  spec.limits.samples = 400;
  spec.seed = 42;
  spec.threads = 2;
  const core::Report r = Analyse(game, **state, spec);
  ASSERT_EQ(r.samples, 400u);
  ASSERT_EQ(r.moves.size(), 2u);
  for (const core::MoveValue& mv : r.moves) {
    // 2 tricks when West has the king, else 1.
    EXPECT_GT(mv.std_error, 0);
    EXPECT_NEAR(mv.value, 1.5, 4 * mv.std_error) << mv.move;
  }
}

// Contract figures: in an ending where cashing the ace is worth a trick more than leading the
// club in every layout, the analysis separates them at once and stops early.
// Stopped before its first sample is solved, an analysis still values the cards on the first
// layout (the one Deal gives first with the same seed), each at its double-dummy value there, best
// first, so that BestMove names a card.
TEST(BridgeMonteCarlo, StoppedBeforeASampleItValuesTheCardsOnTheFirstLayout) {
  BridgeGame game;
  auto state = Position(game, kDeal, {}, {{"contract", "3NT"}, {"declarer", "S"}}, "W");
  ASSERT_TRUE(state.ok()) << state.status();
  core::SearchSpec spec;
  spec.limits.samples = 50;
  spec.seed = 7;
  spec.options = {{"objective", "tricks"}};
  auto task = game.PrepareSearch(**state, spec);
  ASSERT_TRUE(task.ok()) << task.status();
  core::StopToken token;
  token.Stop(core::StopReason::kStopped);
  core::SearchControl control(spec.limits, &token);
  CollectingSink sink;
  const core::Report r = (*task)->Run(control, sink);
  EXPECT_EQ(r.stop_reason, core::StopReason::kStopped);
  EXPECT_EQ(r.samples, 0u);
  EXPECT_NE(r.message.find("valued on the first layout only"), std::string::npos) << r.message;
  ASSERT_FALSE(r.moves.empty());
  EXPECT_EQ(r.best_move, r.moves.front().move);

  core::DealSpec deal;
  deal.seed = 7;
  auto layouts = game.Deal(**state, deal);
  ASSERT_TRUE(layouts.ok()) << layouts.status();
  absl::StatusOr<Hands> hands = ParsePbnDeal(layouts->layouts.at(0).notation, "layout");
  ASSERT_TRUE(hands.ok()) << hands.status();
  PlayPosition p;
  p.hands = *hands;
  p.trump = kNoTrump;
  p.leader = kWest;
  DoubleDummySolver solver;
  int best = 0;
  for (int card : p.LegalCards()) best = std::max(best, solver.SolveCard(p, card));
  EXPECT_EQ(r.moves.front().value, best);
  for (const core::MoveValue& mv : r.moves) {
    EXPECT_EQ(mv.value, solver.SolveCard(p, *ParseCard(mv.move))) << mv.move;
    EXPECT_EQ(mv.bound, core::Bound::kEstimate);
  }
}

TEST(BridgeMonteCarlo, StopsOnceTheBestCardIsSeparated) {
  BridgeGame game;
  auto state =
      Position(game, "N:3...3 ...KQ A...2 .KQ..", {}, {{"leader", "S"}, {"declarer", "S"}}, "S");
  ASSERT_TRUE(state.ok()) << state.status();
  core::SearchSpec spec;
  spec.limits.samples = 1000;
  spec.options = {{"confidence", "95"}, {"min_samples", "20"}};
  std::vector<core::Report> progress;
  const core::Report r = Analyse(game, **state, spec, &progress);
  EXPECT_EQ(r.stop_reason, core::StopReason::kCompleted);
  EXPECT_EQ(r.samples, 20u);
  EXPECT_EQ(r.best_move, "SA");
  EXPECT_EQ(r.moves[0].value, 1);
  EXPECT_EQ(r.moves[1].value, 0);
  ASSERT_FALSE(progress.empty());
  EXPECT_EQ(progress.front().samples, 5u);  // a batch
}

// The same seed gives the same numbers with one thread and with three.
// A search whose threads cannot have their tables (the server's budget is spent) fails alone with
// an error saying so, instead of ending the process; it says beforehand what it will take.
TEST(BridgeMonteCarlo, ATableThatCannotBeHadFailsTheSearchAlone) {
  BridgeGame game;
  auto state = SouthsViewOfAnEnding(game);
  ASSERT_TRUE(state.ok()) << state.status();
  core::SearchSpec spec;
  spec.limits.samples = 40;
  spec.threads = 3;
  spec.hash_mb = 8;
  spec.options = {{"objective", "score"}};
  auto task = game.PrepareSearch(**state, spec);
  ASSERT_TRUE(task.ok()) << task.status();
  EXPECT_GE((*task)->TableBytes(), size_t{3 * 8} << 20);  // a table per thread
  core::MemoryBudget& budget = core::MemoryBudget::Process();
  const size_t limit = budget.limit();
  // No thread's table fits. (Were one to fit, its thread might solve every sample before the
  // others fail: the search then ends well, which is right too, but not what this test checks.)
  budget.SetLimit(budget.allocated() + (size_t{1} << 20));
  core::StopToken token;
  core::SearchControl control(spec.limits, &token);
  CollectingSink sink;
  const core::Report r = (*task)->Run(control, sink);
  budget.SetLimit(limit);
  EXPECT_EQ(r.stop_reason, core::StopReason::kError);
  EXPECT_NE(r.message.find("memory: a table of"), std::string::npos) << r.message;
}

TEST(BridgeMonteCarlo, RefusesWhatItCannotAnswer) {
  BridgeGame game;
  struct Case {
    std::string notation;
    std::vector<std::string> moves;
    core::OptionMap position_options;
    std::string seat;
    core::OptionMap search_options;
    const char* message;
  };
  const Case cases[] = {
      {kDeal,
       {},
       {{"contract", "4H"}, {"declarer", "S"}},
       "N",
       {},
       "seat: N is dummy, who does not play"},
      {kDeal, {}, {}, "X", {}, "seat: 'X' is not a seat"},
      {"N:AKQ2.AQ6.J64.J53 - - -", {}, {}, "", {}, "W is to play and W's hand is not known"},
      {"N:AKQ2.AQ6.J64.J53 - - -",
       {"S5"},
       {},
       "",
       {{"objective", "make"}},
       "options[objective]: make needs the contract"},
      {"N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 - -",
       {"S5"},
       {{"contract", "3NT"}, {"declarer", "S"}},
       "E",
       {},
       "position.seat: the view is E's but N is to play"},
      {"N:AKQ2.AQ6.J64.J53 - - -",
       {"S5"},
       {},
       "",
       {{"constraints", "hcp(west >"}},
       "options[constraints]: line 1, column 10"},
  };
  for (const Case& c : cases) {
    auto state = Position(game, c.notation, c.moves, c.position_options, c.seat);
    absl::Status status = state.status();
    if (state.ok()) {
      core::SearchSpec spec;
      spec.options = c.search_options;
      status = game.PrepareSearch(**state, spec).status();
    }
    ASSERT_FALSE(status.ok()) << c.message;
    EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(status.message().find(c.message), absl::string_view::npos)
        << c.message << " → " << status.message();
  }
  // Constraints no layout satisfies are found when the search lists the layouts, on its own
  // thread: the search ends with the error, naming the field.
  auto view = Position(game, "N:AKQ2.AQ6.J64.J53 - - -", {"S5"}, {}, "");
  ASSERT_TRUE(view.ok()) << view.status();
  core::SearchSpec impossible;
  impossible.options = {{"constraints", "hcp(west) > 40"}};
  const core::Report r = Analyse(game, **view, impossible);
  EXPECT_EQ(r.stop_reason, core::StopReason::kError);
  EXPECT_NE(r.message.find("options[constraints]: no layout satisfies"), std::string::npos)
      << r.message;
  EXPECT_TRUE(r.moves.empty());
  // Setup refusals of a view: a card a hidden hand cannot hold, a suit it showed out of.
  auto shown = Position(game, "N:AKQ2.AQ6.J64.J53 - - -",
                        {"S5", "S2", "H3", "S6", "S7", "S8", "SA", "S9"}, {}, "");
  ASSERT_FALSE(shown.ok());
  EXPECT_NE(
      shown.status().message().find("moves[7]: 'S9' is not legal: E showed out of spades earlier"),
      absl::string_view::npos)
      << shown.status().message();
  auto held = Position(game, "N:AKQ2.AQ6.J64.J53 - - -", {"SA"}, {}, "");
  ASSERT_FALSE(held.ok());
  EXPECT_NE(held.status().message().find("moves[0]: 'SA' is not legal for W: N holds it"),
            absl::string_view::npos)
      << held.status().message();
}

}  // namespace
}  // namespace kibitzer::bridge
