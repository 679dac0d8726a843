// The one Monte Carlo driver (search::MonteCarloSearch): its rules on a synthetic game whose
// values are known, then the same rules through every game that samples layouts (bridge, tarok,
// Big Two, from a seat's view): the same numbers at any thread count, racing or not; a node limit
// that stops after the same sample; an answer when stopped before the first sample.
#include "engine/search/monte_carlo.h"

#include <atomic>
#include <functional>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/analysis/game_registry.h"
#include "engine/games/bigtwo/bigtwo_game.h"
#include "engine/games/bridge/bridge_game.h"
#include "engine/games/scrabble/scrabble_game.h"
#include "engine/games/tarok/tarok_game.h"
#include "gtest/gtest.h"
#include "tests/engine/tarok_positions.h"
#include "tests/engine/test_sink.h"

namespace kibitzer::search {
namespace {

// Move m is worth means[m] plus noise in [-spread, spread] on each layout (from the layout's
// stream); solving one move costs `nodes_per_move` nodes, polled one by one, and `heavy_sample`
// (when set) costs a million.
class Synthetic {
 public:
  struct Worker {};
  std::vector<double> means;
  double spread = 0.5;
  uint64_t seed = 1;
  uint64_t nodes_per_move = 100;
  std::optional<uint64_t> heavy_sample;
  std::optional<uint64_t> failing_sample;
  mutable std::atomic<uint64_t> moves_solved{0};

  int MoveCount() const { return static_cast<int>(means.size()); }
  int Channels() const { return 1; }
  int TieChannel() const { return -1; }
  std::unique_ptr<Worker> MakeWorker() const { return std::make_unique<Worker>(); }
  std::optional<uint64_t> Solve(Worker&, uint64_t sample, const uint8_t* alive,
                                core::SearchControl& control, double* values) const {
    if (failing_sample == sample) throw std::runtime_error("layout " + std::to_string(sample));
    core::Rng rng = core::Rng::ForStream(seed, sample);
    const uint64_t cost = heavy_sample == sample ? 1'000'000 : nodes_per_move;
    uint64_t nodes = 0;
    for (size_t m = 0; m < means.size(); ++m) {
      const double noise = (static_cast<double>(rng.Below(2001)) / 1000 - 1) * spread;
      if (!alive[m]) continue;
      for (uint64_t n = 0; n < cost; ++n) {
        if (control.PollEvery(++nodes)) return std::nullopt;
      }
      values[m] = means[m] + noise;
      ++moves_solved;
    }
    return nodes;
  }
  void Describe(const MonteCarloMove& move, core::MoveValue& mv) const {
    mv.move = absl::StrCat("m", move.index);
    if (move.raced_out) mv.display = "raced out";
  }
  void AddStatistics(core::Report&) const {}
  void EarlyAnswer(core::Report& report, const core::SearchControl&) const {
    core::MoveValue mv;
    mv.move = "early";
    report.moves.push_back(mv);
  }
};

core::Report RunSynthetic(const Synthetic& game, MonteCarloConfig config, core::Limits limits = {},
                          testing::CollectingSink* sink = nullptr, bool stopped = false) {
  core::StopToken token;
  if (stopped) token.Stop(core::StopReason::kStopped);
  core::SearchControl control(limits, &token);
  testing::CollectingSink local;
  MonteCarloSearch<Synthetic> search(game, config);
  return search.Run(control, sink != nullptr ? *sink : local);
}

void ExpectTheSameReport(const core::Report& a, const core::Report& b) {
  EXPECT_EQ(a.samples, b.samples);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(a.stop_reason, b.stop_reason);
  testing::ExpectTheSameMoves(a, b);
  for (size_t i = 0; i < a.moves.size() && i < b.moves.size(); ++i) {
    EXPECT_EQ(a.moves[i].samples, b.moves[i].samples) << a.moves[i].move;
  }
}

TEST(MonteCarlo, SameSeedSameNumbersAtAnyThreadCountRacingOrNot) {
  Synthetic game;
  game.means = {0.1, 0.5, 0.45, 0.0, 0.3};
  for (double race : {0.0, 0.9}) {
    MonteCarloConfig config;
    config.samples = 120;
    config.batch = 10;
    config.min_samples = 20;
    config.race = race;
    config.threads = 1;
    const core::Report one = RunSynthetic(game, config);
    config.threads = 3;
    const core::Report three = RunSynthetic(game, config);
    if (race == 0) {
      EXPECT_EQ(one.stop_reason, core::StopReason::kSampleLimit);
      EXPECT_EQ(one.samples, 120u);
    } else {  // the race ends once one move is left
      EXPECT_EQ(one.stop_reason, core::StopReason::kCompleted);
      EXPECT_EQ(one.samples % config.batch, 0u);
    }
    ExpectTheSameReport(one, three);
    EXPECT_EQ(one.best_move, "m1");
  }
}

// Successive elimination: moves far behind the best are dropped after a few batches and keep
// the samples they were solved on; the moves still in the race rank first, and fewer moves are
// solved than without the race.
TEST(MonteCarlo, RacingDropsTheMovesClearlyBehindAndKeepsTheirSamples) {
  Synthetic game;
  game.means = {0.0, 1.0, 0.2, 0.95};
  MonteCarloConfig config;
  config.samples = 300;
  config.batch = 10;
  config.min_samples = 20;
  config.threads = 2;
  const core::Report all = RunSynthetic(game, config);
  const uint64_t solved_without = game.moves_solved.exchange(0);
  EXPECT_EQ(solved_without, 4 * 300u);
  config.race = 0.95;
  const core::Report raced = RunSynthetic(game, config);
  ASSERT_EQ(raced.moves.size(), 4u);
  EXPECT_EQ(raced.best_move, "m1");
  EXPECT_EQ(raced.moves[0].samples, 300u);
  for (const core::MoveValue& mv : raced.moves) {
    if (mv.move == "m0" || mv.move == "m2") {
      EXPECT_LT(mv.samples, 100u) << mv.move;
      EXPECT_EQ(mv.samples % config.batch, 0u) << mv.move;
      EXPECT_EQ(mv.display, "raced out");
    }
  }
  // The two moves dropped rank last.
  EXPECT_TRUE(raced.moves[2].move == "m0" || raced.moves[2].move == "m2");
  EXPECT_TRUE(raced.moves[3].move == "m0" || raced.moves[3].move == "m2");
  EXPECT_LT(game.moves_solved.load(), solved_without * 6 / 10);
  EXPECT_LT(raced.nodes, all.nodes);
}

// Two moves equal on every layout so far give no variance to test: the race drops one only once
// so many straight ties would be unlikely (at the race's confidence) were they to differ on 5%
// of the layouts: 59 layouts at 95%, not min_samples (30).
TEST(MonteCarlo, MovesTiedOnEveryLayoutAreDecidedOnlyWhenTheTiesGiveTheConfidence) {
  Synthetic game;
  game.means = {1.0, 1.0};
  game.spread = 0;
  MonteCarloConfig config;
  config.samples = 300;
  config.batch = 10;
  config.min_samples = 30;
  config.race = 0.95;
  config.margin = 0.1;
  config.threads = 1;
  const core::Report r = RunSynthetic(game, config);
  EXPECT_EQ(r.stop_reason, core::StopReason::kCompleted);
  ASSERT_EQ(r.moves.size(), 2u);
  EXPECT_EQ(r.moves[1].display, "raced out");
  EXPECT_GE(r.moves[1].samples, 60u);
  EXPECT_LT(r.moves[1].samples, 300u);
}

TEST(MonteCarlo, TheConfidenceStopEndsOnceTheBestIsAheadAfterAWholeBatch) {
  Synthetic game;
  game.means = {0.0, 1.0, 0.3};
  game.spread = 0.2;
  MonteCarloConfig config;
  config.samples = 1000;
  config.batch = 10;
  config.min_samples = 30;
  config.confidence = 0.99;
  testing::CollectingSink sink;
  const core::Report r = RunSynthetic(game, config, {}, &sink);
  EXPECT_EQ(r.stop_reason, core::StopReason::kCompleted);
  EXPECT_EQ(r.samples, 30u);
  EXPECT_EQ(r.best_move, "m1");
  // A report after each batch before the last.
  ASSERT_EQ(sink.progress.size(), 2u);
  EXPECT_EQ(sink.progress[0].samples, 10u);
  EXPECT_EQ(sink.progress[1].samples, 20u);
}

// The nodes count in sample order: the search ends after the sample that reaches the limit,
// wherever the threads were.
TEST(MonteCarlo, ANodeLimitStopsAfterTheSameSampleAtAnyThreadCount) {
  Synthetic game;
  game.means = {0.2, 0.4};
  MonteCarloConfig config;
  config.samples = 100;
  core::Limits limits;
  limits.nodes = 2 * 100 * 37 + 1;  // reached by sample 38 (index 37)
  std::vector<core::Report> reports;
  for (int threads : {1, 3}) {
    config.threads = threads;
    reports.push_back(RunSynthetic(game, config, limits));
  }
  testing::ExpectStoppedAtTheSameSample(reports[0], reports[1], 100);
  EXPECT_EQ(reports[0].samples, 38u);
  ExpectTheSameReport(reports[0], reports[1]);
}

// A sample whose own search reaches the limit ends the search before it, at any thread count.
TEST(MonteCarlo, ASampleThatReachesTheNodeLimitByItselfEndsTheSearchBeforeIt) {
  Synthetic game;
  game.means = {0.2, 0.4};
  game.heavy_sample = 7;
  MonteCarloConfig config;
  config.samples = 50;
  core::Limits limits;
  limits.nodes = 100'000;
  for (int threads : {1, 3}) {
    config.threads = threads;
    const core::Report r = RunSynthetic(game, config, limits);
    EXPECT_EQ(r.stop_reason, core::StopReason::kNodeLimit) << threads;
    EXPECT_EQ(r.samples, 7u) << threads;
    EXPECT_EQ(r.nodes, 7 * 200u) << threads;
  }
}

TEST(MonteCarlo, StoppedBeforeTheFirstSampleItGivesTheGamesEarlyAnswer) {
  Synthetic game;
  game.means = {0.2, 0.4};
  MonteCarloConfig config;
  config.threads = 2;
  const core::Report r = RunSynthetic(game, config, {}, nullptr, /*stopped=*/true);
  EXPECT_EQ(r.stop_reason, core::StopReason::kStopped);
  EXPECT_EQ(r.samples, 0u);
  EXPECT_EQ(r.best_move, "early");
  EXPECT_EQ(game.moves_solved.load(), 0u);
}

TEST(MonteCarlo, AFailedSampleEndsTheSearchWithItsMessage) {
  Synthetic game;
  game.means = {0.2, 0.4};
  game.failing_sample = 23;
  MonteCarloConfig config;
  config.samples = 100;
  for (int threads : {1, 3}) {
    config.threads = threads;
    const core::Report r = RunSynthetic(game, config);
    EXPECT_EQ(r.stop_reason, core::StopReason::kError);
    EXPECT_EQ(r.message, "layout 23");
    EXPECT_LE(r.samples, 23u);
  }
}

// ---- every game that samples layouts -------------------------------------------------------

struct GameCase {
  std::string name;
  std::function<const core::Game&()> game;
  core::PositionSpec position;
  uint64_t samples;
  core::OptionMap options = {};  // search options the case always sets
};

const core::Game& Bridge() {
  static const bridge::BridgeGame game;
  return game;
}
const core::Game& Tarok() {
  static const tarok::TarokGame game;
  return game;
}
const core::Game& BigTwo() {
  static const bigtwo::BigTwoGame game;
  return game;
}
const core::Game& Scrabble() {
  static const scrabble::ScrabbleGame game(
      std::make_shared<const scrabble::LexiconStore>(analysis::GameSettings::DefaultLexiconDir()));
  return game;
}

std::vector<GameCase> Cases() {
  std::vector<GameCase> cases;
  core::PositionSpec bridge;  // a four-card ending at 1NT, South seeing his hand and dummy
  bridge.notation = "N:AQ.2.A.J T.KQ.K.Q 32.3.2.A 5.J4.Q.K";
  bridge.options = {{"leader", "S"}, {"contract", "1NT"}, {"declarer", "S"}};
  bridge.seat = "S";
  cases.push_back({"bridge", Bridge, bridge, 40});
  core::PositionSpec bigtwo;  // the fourth seat after three plays
  bigtwo.notation =
      "3C5C5H5S6H7C7D7STSQHQSKC2H 6C8D8H9CTCTDTHJDKSACAD2D2S 3D3H4D4S6S7H9H9SJSQCKHAH2C "
      "3S4C4H5D6D8C8S9DJCJHQDKDAS";
  bigtwo.seat = "4";
  bigtwo.options = {{"leader", "1"}};
  bigtwo.moves = {"3C", "6C", "9H"};
  cases.push_back({"bigtwo", BigTwo, bigtwo, 60});
  core::PositionSpec scrabble;  // a mid-game rack, the other rack and the bag unseen
  scrabble.notation =
      "13W1/9ZIT1I1/10V2R1/7BIJOU1I1/2OUTREAd1R2N1/10I2GS/6FEELS3T/ABAPICAL2T3O/2HIN1HAME2C1W/"
      "3N5XU1UMP/3OD5GERE1/3TO7D2/4N7S2/3GODLY7/TOhEROAS7 ADFILNQ/ 347/377 0 lex SCOWL70;";
  cases.push_back({"scrabble",
                   Scrabble,
                   scrabble,
                   20,
                   {{"algorithm", "sim"}, {"plies", "1"}, {"candidates", "6"}}});
  cases.push_back(
      {"scrabble_by_win",
       Scrabble,
       scrabble,
       20,
       {{"algorithm", "sim"}, {"plies", "1"}, {"candidates", "6"}, {"objective", "win"}}});
  // A tarok play position near the end, from the seat of the player to move.
  core::Rng rng(17);
  for (int i = 0; i < 100; ++i) {
    std::optional<tarok::Round> round;
    const auto spec = tarok::MoversView(
        static_cast<const tarok::TarokGame&>(Tarok()), rng, 36,
        [](const tarok::Round& r) {
          const tarok::Mask legal = r.play().Legal();
          return r.play().TricksDone() >= 10 && (legal & (legal - 1)) != 0;
        },
        &round);
    if (spec.has_value()) {
      cases.push_back({"tarok", Tarok, *spec, 24});
      break;
    }
  }
  // The same for four players, the partner sampled with the hidden cards.
  for (int i = 0; i < 100; ++i) {
    std::optional<tarok::Round> round;
    const auto spec = tarok::MoversView(
        static_cast<const tarok::TarokGame&>(Tarok()), rng, 30,
        [](const tarok::Round& r) {
          const tarok::Mask legal = r.play().Legal();
          return r.play().TricksDone() >= 6 && (legal & (legal - 1)) != 0;
        },
        &round, 4);
    if (spec.has_value()) {
      cases.push_back({"tarok_four", Tarok, *spec, 24});
      break;
    }
  }
  return cases;
}

void PrintTo(const GameCase& c, std::ostream* out) { *out << c.name; }

class EveryGame : public ::testing::TestWithParam<GameCase> {};

core::Report Search(const GameCase& c, core::SearchSpec spec) {
  spec.options.insert(c.options.begin(), c.options.end());
  return testing::RunSearch(c.game(), c.position, spec);
}

TEST_P(EveryGame, SameNumbersAtOneAndThreeThreadsRacingOrNot) {
  const GameCase& c = GetParam();
  for (core::SearchMode mode : {core::SearchMode::kAnalyze, core::SearchMode::kBestMove}) {
    core::SearchSpec spec;
    spec.mode = mode;  // BestMove races
    spec.limits.samples = c.samples;
    spec.seed = 5;
    spec.options = {{"min_samples", "4"}};
    spec.threads = 1;
    const core::Report one = Search(c, spec);
    spec.threads = 3;
    const core::Report three = Search(c, spec);
    if (mode == core::SearchMode::kAnalyze) {
      ASSERT_EQ(one.stop_reason, core::StopReason::kSampleLimit) << one.message;
      EXPECT_EQ(one.samples, c.samples);
    } else {  // the race may end once one move is left
      ASSERT_TRUE(one.stop_reason == core::StopReason::kSampleLimit ||
                  one.stop_reason == core::StopReason::kCompleted)
          << one.message;
    }
    EXPECT_GT(one.moves.size(), 1u);
    ExpectTheSameReport(one, three);
    EXPECT_GT(one.nodes, 0u);
    if (mode == core::SearchMode::kAnalyze) {
      for (const core::MoveValue& mv : one.moves) EXPECT_EQ(mv.samples, c.samples) << mv.move;
    }
  }
}

TEST_P(EveryGame, ANodeLimitStopsAfterTheSameSampleAtAnyThreadCount) {
  const GameCase& c = GetParam();
  core::SearchSpec spec;
  spec.limits.samples = c.samples;
  spec.seed = 4;
  spec.threads = 1;
  const core::Report whole = Search(c, spec);
  ASSERT_EQ(whole.stop_reason, core::StopReason::kSampleLimit) << whole.message;
  spec.limits.nodes = whole.nodes / 2;
  const core::Report one = Search(c, spec);
  spec.threads = 3;
  const core::Report three = Search(c, spec);
  testing::ExpectStoppedAtTheSameSample(one, three, c.samples);
  EXPECT_EQ(one.nodes, three.nodes);
}

TEST_P(EveryGame, StoppedBeforeTheFirstSampleItStillNamesAMove) {
  const GameCase& c = GetParam();
  auto state = c.game().Setup(c.position);
  ASSERT_TRUE(state.ok()) << state.status();
  core::SearchSpec spec;
  spec.limits.samples = c.samples;
  spec.threads = 2;
  spec.options = c.options;
  auto task = c.game().PrepareSearch(**state, spec);
  ASSERT_TRUE(task.ok()) << task.status();
  core::StopToken token;
  token.Stop(core::StopReason::kStopped);
  core::SearchControl control(spec.limits, &token);
  testing::CollectingSink sink;
  const core::Report r = (*task)->Run(control, sink);
  EXPECT_EQ(r.stop_reason, core::StopReason::kStopped);
  EXPECT_EQ(r.samples, 0u);
  EXPECT_FALSE(r.best_move.empty());
  EXPECT_NE(r.message.find("stopped before the first sample"), std::string::npos) << r.message;
}

INSTANTIATE_TEST_SUITE_P(SeatViews, EveryGame, ::testing::ValuesIn(Cases()),
                         [](const auto& test) { return test.param.name; });

}  // namespace
}  // namespace kibitzer::search
