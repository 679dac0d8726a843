// Review: each game's review checked against Analyze of the position before every move reviewed
// (the same search, seed and limits), the seats and indices it reviews, and its stream's shape.
#include "engine/analysis/review.h"

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "engine/core/rng.h"
#include "gtest/gtest.h"
#include "service/engine_api.h"
#include "tests/engine/tarok_positions.h"
#include "tests/service/collect_reports.h"

namespace kibitzer::service {
namespace {

using Collect = CollectReports;

struct Game {
  std::string game;
  std::string notation;
  std::vector<std::string> moves = {};
  std::map<std::string, std::string> options = {};
  std::string seat = "";
  std::string variant = "";
};

void Fill(const Game& g, pb::Position* p) {
  p->set_game(g.game);
  p->set_variant(g.variant);
  p->set_notation(g.notation);
  p->set_seat(g.seat);
  for (const auto& m : g.moves) p->add_moves(m);
  for (const auto& [k, v] : g.options) (*p->mutable_options())[k] = v;
}

class ReviewTest : public ::testing::Test {
 protected:
  ReviewTest() : api_(ApiOptions{.threads = 2}) {}

  pb::SearchReport Review(const Game& g, const std::string& reviewed, const pb::Limits& limits,
                          const std::map<std::string, std::string>& options = {},
                          int from_move = 0) {
    pb::ReviewRequest r;
    Fill(g, r.mutable_position()->mutable_position());
    r.set_reviewed_seat(reviewed);
    r.set_from_move(from_move);
    *r.mutable_limits() = limits;
    r.set_seed(7);
    for (const auto& [k, v] : options) (*r.mutable_options())[k] = v;
    auto sink = std::make_shared<Collect>();
    auto id = api_.Review(r, sink);
    EXPECT_TRUE(id.ok()) << id.status();
    if (!id.ok()) return {};
    pb::SearchReport last = sink->WaitFinal();
    EXPECT_EQ(sink->reports.front().search_id(), *id);
    // Every report carries all the moves reviewed so far: the counts never fall.
    int seen = 0;
    for (const pb::SearchReport& rep : sink->reports) {
      EXPECT_GE(rep.reviews_size(), seen);
      seen = rep.reviews_size();
    }
    return last;
  }

  pb::SearchReport Analyze(const Game& g, const pb::Limits& limits,
                           const std::map<std::string, std::string>& options = {}) {
    pb::AnalyzeRequest r;
    Fill(g, r.mutable_position()->mutable_position());
    *r.mutable_limits() = limits;
    r.set_seed(7);
    for (const auto& [k, v] : options) (*r.mutable_options())[k] = v;
    auto sink = std::make_shared<Collect>();
    auto id = api_.Analyze(r, sink);
    EXPECT_TRUE(id.ok()) << id.status();
    if (!id.ok()) return {};
    return sink->WaitFinal();
  }

  // Each valued move as Analyze values it in the position before it (`before(index)`).
  template <typename Before>
  void ExpectAsAnalyzed(const pb::SearchReport& review, Before before, const pb::Limits& limits,
                        const std::map<std::string, std::string>& options = {}) {
    for (const pb::MoveReview& m : review.reviews()) {
      if (!m.valued()) continue;
      SCOPED_TRACE(testing::Message() << "move " << m.index() << " " << m.played());
      const pb::SearchReport a = Analyze(before(m.index()), limits, options);
      ASSERT_GT(a.moves_size(), 0);
      EXPECT_EQ(m.best().move(), a.moves(0).move());
      EXPECT_DOUBLE_EQ(m.best().value(), a.moves(0).value());
      const pb::MoveValue* played = nullptr;
      for (const pb::MoveValue& v : a.moves()) {
        if (v.move() == m.played()) played = &v;
      }
      ASSERT_NE(played, nullptr);
      EXPECT_DOUBLE_EQ(m.played_value().value(), played->value());
      EXPECT_DOUBLE_EQ(m.cost(), std::max(0.0, a.moves(0).value() - played->value()));
      EXPECT_EQ(m.unit(), a.unit());
      EXPECT_EQ(m.objective(), a.objective());
      const double se = std::hypot(a.moves(0).std_error(), played->std_error());
      EXPECT_EQ(m.grade(), analysis::Grade(static_cast<core::ValueUnit>(a.unit()), m.cost(), se));
    }
  }

  EngineApi api_;
};

Game Prefix(Game g, int n) {
  g.moves.resize(n);
  return g;
}

TEST_F(ReviewTest, TicTacToeEveryMoveAsAnalyzeValuesIt) {
  // o answers the centre on an edge (b1), which loses: a draw given away, one outcome.
  const Game g{"tictactoe", "......... x", {"b2", "b1", "a1", "c3", "a3"}};
  const pb::SearchReport review = Review(g, "", {});
  EXPECT_EQ(review.stop_reason(), pb::STOP_REASON_COMPLETED);
  ASSERT_EQ(review.reviews_size(), 5);
  EXPECT_EQ(review.review_total(), 5);
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(review.reviews(i).index(), i);
    EXPECT_EQ(review.reviews(i).seat(), i % 2 == 0 ? "x" : "o");
    EXPECT_EQ(review.reviews(i).played(), g.moves[i]);
  }
  EXPECT_EQ(review.reviews(1).grade(), "medium");
  EXPECT_DOUBLE_EQ(review.reviews(1).cost(), 1.0);
  EXPECT_EQ(review.reviews(0).grade(), "best");
  ExpectAsAnalyzed(review, [&](int i) { return Prefix(g, i); }, {});

  // A move written otherwise (in capitals) is reviewed as the position lists it.
  const pb::SearchReport capitals = Review({"tictactoe", "......... x", {"B2", "b1"}}, "x", {});
  ASSERT_EQ(capitals.reviews_size(), 1);
  EXPECT_EQ(capitals.reviews(0).played(), "b2");
  EXPECT_TRUE(capitals.reviews(0).valued());

  // One seat's moves only.
  const pb::SearchReport o = Review(g, "o", {});
  ASSERT_EQ(o.reviews_size(), 2);
  EXPECT_EQ(o.reviews(0).index(), 1);
  EXPECT_EQ(o.reviews(1).index(), 3);

  // From a move on ("analyse my last move"): the same values as in the whole review.
  const pb::SearchReport last = Review(g, "o", {}, {}, 2);
  ASSERT_EQ(last.reviews_size(), 1);
  EXPECT_EQ(last.review_total(), 1);
  EXPECT_EQ(last.reviews(0).index(), 3);
  EXPECT_EQ(last.reviews(0).played(), "c3");
  EXPECT_EQ(last.reviews(0).cost(), o.reviews(1).cost());
  EXPECT_EQ(last.reviews(0).best().move(), o.reviews(1).best().move());
}

TEST_F(ReviewTest, BridgeDeclarerPlaysDummysCardsToo) {
  // Four tricks played; 2S by West, South on lead. West's review holds East's (dummy's) cards.
  const Game g{"bridge",
               "N:A3.5.KT97.AQ76 Q72.6.Q84.KJ82 K5.AK8.J652.53 T8.T974.A3.T94",
               {"HA", "H4", "H5", "H6", "HK", "H7", "D7", "C2"},
               {{"contract", "2S"}, {"declarer", "W"}, {"leader", "S"}}};
  const pb::SearchReport review = Review(g, "W", {});
  ASSERT_EQ(review.reviews_size(), 4);
  const int want[] = {1, 3, 5, 7};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(review.reviews(i).index(), want[i]);
    EXPECT_EQ(review.reviews(i).seat(), "W");
    EXPECT_EQ(review.reviews(i).unit(), pb::VALUE_UNIT_TRICKS);
  }
  ExpectAsAnalyzed(review, [&](int i) { return Prefix(g, i); }, {});
}

TEST_F(ReviewTest, BridgeRecordsPlayIsReviewedFromTheDeal) {
  const std::string pbn =
      "[Dealer \"N\"]\n[Vulnerable \"None\"]\n"
      "[Deal \"N:A3.5.KT97.AQ76 Q72.6.Q84.KJ82 K5.AK8.J652.53 T8.T974.A3.T94\"]\n"
      "[Declarer \"N\"]\n[Contract \"1NT\"]\n[Play \"E\"]\nS2 SK S8 SA\n";
  const pb::SearchReport review = Review({"bridge", pbn}, "", {});
  ASSERT_EQ(review.reviews_size(), 4) << review.message();
  EXPECT_EQ(review.reviews(0).seat(), "E");
  EXPECT_EQ(review.reviews(1).seat(), "N");  // South is dummy: North plays its cards
  EXPECT_EQ(review.reviews(2).seat(), "W");
  EXPECT_EQ(review.reviews(3).seat(), "N");
  const Game dealt{"bridge",
                   "N:A3.5.KT97.AQ76 Q72.6.Q84.KJ82 K5.AK8.J652.53 T8.T974.A3.T94",
                   {"S2", "SK", "S8", "SA"},
                   {{"contract", "1NT"}, {"declarer", "N"}, {"leader", "E"}}};
  ExpectAsAnalyzed(review, [&](int i) { return Prefix(dealt, i); }, {});
}

TEST_F(ReviewTest, TarokAndBigTwoUnderANodeLimit) {
  core::Rng rng(11);
  core::PositionSpec t;
  while (t.moves.size() < 24) t = tarok::RandomPosition(rng, 60);  // not a game ended early
  const Game tarok{"tarok", t.notation, t.moves, {t.options.begin(), t.options.end()},
                   "",      t.variant};
  pb::Limits limits;
  limits.set_nodes(1000);
  const pb::SearchReport review = Review(tarok, "2", limits);
  ASSERT_GE(review.reviews_size(), 5) << t.moves.size() << " moves";
  for (const pb::MoveReview& m : review.reviews()) EXPECT_EQ(m.seat(), "2");
  ExpectAsAnalyzed(
      review, [&](int i) { return Prefix(tarok, i); }, limits);

  const Game bigtwo{"bigtwo",
                    "3C5C5H5S6H7C7D7STSQHQSKC2H 6C8D8H9CTCTDTHJDKSACAD2D2S "
                    "3D3H4D4S6S7H9H9SJSQCKHAH2C 3S4C4H5D6D8C8S9DJCJHQDKDAS",
                    {"3C", "6C", "9H", "JC", "2H"},
                    {{"leader", "1"}}};
  const pb::SearchReport b2 = Review(bigtwo, "", limits);
  ASSERT_EQ(b2.reviews_size(), 5);
  ExpectAsAnalyzed(
      b2, [&](int i) { return Prefix(bigtwo, i); }, limits);
}

TEST_F(ReviewTest, ScrabbleRecordsPhonyAndPartialRackAreNotedNotValued) {
  const std::string head = "#player1 a A\n#player2 b B\n";
  const std::string gcg = head +
                          ">a: AEINRST 8H AEINRST +66 66\n"
                          ">a: AEINRST -- -66 0\n"
                          ">b: AEINRST 8D RETAINS +66 66\n"
                          ">a: O D7 OR +2 2\n";
  const std::map<std::string, std::string> options = {{"algorithm", "static"}};
  const pb::SearchReport review =
      Review({"scrabble", gcg, {}, {{"lexicon", "SCOWL70"}}}, "", {}, options);
  ASSERT_EQ(review.reviews_size(), 3) << review.message();
  EXPECT_FALSE(review.reviews(0).valued());
  EXPECT_NE(review.reviews(0).note().find("phony"), std::string::npos);
  EXPECT_TRUE(review.reviews(1).valued()) << review.reviews(1).note();
  EXPECT_EQ(review.reviews(1).played(), "8D RETAINS");
  EXPECT_FALSE(review.reviews(2).valued());
  EXPECT_NE(review.reviews(2).note().find("not valued"), std::string::npos);
  // RETAINS as Analyze values it from the record up to it, b's rack given.
  ExpectAsAnalyzed(
      review,
      [&](int) {
        return Game{"scrabble",
                    head + ">a: AEINRST 8H AEINRST +66 66\n>a: AEINRST -- -66 0\n#rack2 AEINRST\n",
                    {},
                    {{"lexicon", "SCOWL70"}}};
      },
      {}, options);
}

TEST_F(ReviewTest, BadRequestsNameTheirField) {
  const Game g{"tictactoe", "......... x", {"b2", "b1"}};
  pb::ReviewRequest r;
  Fill(g, r.mutable_position()->mutable_position());
  r.set_reviewed_seat("z");
  auto sink = std::make_shared<Collect>();
  auto refused = api_.Review(r, sink);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().message().rfind("reviewed_seat: ", 0), 0u) << refused.status();
  r.set_reviewed_seat("");
  r.mutable_limits()->add_candidate_moves("a1");
  refused = api_.Review(r, sink);
  EXPECT_EQ(refused.status().message().rfind("limits.candidate_moves: ", 0), 0u);
  r.mutable_limits()->clear_candidate_moves();
  r.mutable_position()->mutable_position()->clear_moves();
  refused = api_.Review(r, sink);
  EXPECT_EQ(refused.status().message().rfind("position: ", 0), 0u) << refused.status();
  // from_move past the game's end, or with no move of the seat from there on.
  Fill(g, r.mutable_position()->mutable_position());
  for (const auto& [from, seat] :
       std::vector<std::pair<int, std::string>>{{3, ""}, {-1, ""}, {2, "o"}}) {
    r.set_from_move(from);
    r.set_reviewed_seat(seat);
    refused = api_.Review(r, sink);
    ASSERT_FALSE(refused.ok()) << from;
    EXPECT_EQ(refused.status().message().rfind("from_move: ", 0), 0u) << refused.status();
  }
}

TEST_F(ReviewTest, AStopEndsTheReviewWithTheMovesValuedSoFar) {
  core::Rng rng(5);
  core::PositionSpec t = tarok::RandomPosition(rng, 30);
  pb::ReviewRequest r;
  Fill({"tarok", t.notation, t.moves, {t.options.begin(), t.options.end()}, "", t.variant},
       r.mutable_position()->mutable_position());
  r.mutable_limits()->set_nodes(1'000'000'000);  // far more than a test waits for
  r.set_progress_interval_ms(0);
  auto sink = std::make_shared<Collect>();
  auto id = api_.Review(r, sink);
  ASSERT_TRUE(id.ok()) << id.status();
  pb::StopRequest stop;
  stop.set_search_id(*id);
  ASSERT_TRUE(api_.Stop(stop).ok());
  const pb::SearchReport last = sink->WaitFinal();
  EXPECT_EQ(last.stop_reason(), pb::STOP_REASON_STOPPED);
  EXPECT_LT(last.reviews_size(), last.review_total());
}

}  // namespace
}  // namespace kibitzer::service
