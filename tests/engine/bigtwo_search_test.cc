// Big Two: move generation against brute force, sampled layouts against the seat's view, the
// searches' pruning against plain search, and the match harness's determinism.
#include <algorithm>
#include <set>

#include "engine/core/rng.h"
#include "engine/games/bigtwo/bigtwo_game.h"
#include "engine/games/bigtwo/match.h"
#include "engine/games/bigtwo/players/players.h"
#include "engine/games/bigtwo/search/evaluate.h"
#include "engine/games/bigtwo/view/sampler.h"
#include "engine/search/maxn.h"
#include "engine/search/paranoid.h"
#include "gtest/gtest.h"
#include "tests/engine/test_sink.h"

namespace kibitzer::bigtwo {
namespace {

const Rules kTaiwan = Rules::ForVariant(Variant::kTaiwan);
const Rules kPagat = Rules::ForVariant(Variant::kPagat);

// An independent classifier for the taiwan rules, by counting ranks and suits.
Kind NaiveTaiwanKind(Mask cards) {
  int count[13] = {}, suits[4] = {};
  int n = 0;
  for (int c = 0; c < 52; ++c) {
    if (!(cards >> c & 1)) continue;
    ++count[c / 4];
    ++suits[c % 4];
    ++n;
  }
  int distinct = 0, most = 0;
  for (int r = 0; r < 13; ++r) {
    distinct += count[r] > 0;
    most = std::max(most, count[r]);
  }
  if (n == 1) return Kind::kSingle;
  if (n == 2 && distinct == 1) return Kind::kPair;
  if (n == 13 && distinct == 13) return Kind::kDragon;
  if (n != 5) return Kind::kPass;
  if (most == 4) return Kind::kFourOfAKind;
  if (most == 3 && distinct == 2) return Kind::kFullHouse;
  if (distinct != 5) return Kind::kPass;
  // Runs as written with ranks 3..2 numbered 0..12: A2345, 34567 .. TJQKA, 23456.
  const std::vector<std::vector<int>> runs = {
      {11, 12, 0, 1, 2}, {0, 1, 2, 3, 4}, {1, 2, 3, 4, 5},  {2, 3, 4, 5, 6},   {3, 4, 5, 6, 7},
      {4, 5, 6, 7, 8},   {5, 6, 7, 8, 9}, {6, 7, 8, 9, 10}, {7, 8, 9, 10, 11}, {12, 0, 1, 2, 3}};
  for (const auto& run : runs) {
    bool all = true;
    for (int r : run) all = all && count[r] == 1;
    if (all)
      return *std::max_element(suits, suits + 4) == 5 ? Kind::kStraightFlush : Kind::kStraight;
  }
  return Kind::kPass;
}

// Every subset of `hand` of a playable size that the rules accept as beating the table.
std::set<Mask> BruteForcePlays(const State& s) {
  std::set<Mask> out;
  const Mask hand = s.hand(s.CurrentPlayer());
  std::vector<int> cards;
  for (Mask m = hand; m; m &= m - 1) cards.push_back(__builtin_ctzll(m));
  const int n = static_cast<int>(cards.size());
  for (int k : {1, 2, 3, 5}) {
    std::vector<int> idx(k);
    for (int i = 0; i < k; ++i) idx[i] = i;
    while (k <= n) {
      Mask m = 0;
      for (int i : idx) m |= Bit(cards[i]);
      const Move play = Classify(m, s.rules());
      if (IsCombination(play) && s.IsLegal(play, 0)) out.insert(m);
      int i = k - 1;
      while (i >= 0 && idx[i] == n - k + i) --i;
      if (i < 0) break;
      ++idx[i];
      for (int j = i + 1; j < k; ++j) idx[j] = idx[j - 1] + 1;
    }
  }
  const Move all = Classify(hand, s.rules());
  if (n == 13 && IsCombination(all) && s.IsLegal(all, 0)) out.insert(hand);
  if (s.IsLegal(Move{}, 0)) out.insert(0);
  return out;
}

// Random positions along random games (every hand known).
std::vector<State> RandomPositions(const Rules& rules, int games, uint64_t seed) {
  std::vector<State> out;
  core::Rng rng(seed);
  Move moves[kMaxMoves];
  for (int g = 0; g < games; ++g) {
    State s = StartOfGame(rules, DealHands(seed, static_cast<uint64_t>(g), rules.players));
    while (!s.IsTerminal()) {
      out.push_back(s);
      const int count = s.GenerateMoves(moves);
      s.Play(moves[rng.Below(static_cast<uint64_t>(count))]);
    }
  }
  return out;
}

TEST(BigTwoGeneration, ClassificationAgreesWithANaiveClassifier) {
  core::Rng rng(5);
  for (int i = 0; i < 20000; ++i) {
    int deck[52];
    for (int c = 0; c < 52; ++c) deck[c] = c;
    rng.Shuffle(deck, deck + 52);
    const int n = 1 + static_cast<int>(rng.Below(5));
    Mask m = 0;
    for (int k = 0; k < n; ++k) m |= Bit(deck[k]);
    EXPECT_EQ(Classify(m, kTaiwan).kind, NaiveTaiwanKind(m)) << FormatCards(m, Variant::kTaiwan);
  }
}

TEST(BigTwoGeneration, LegalPlaysEqualABruteForceEnumeration) {
  for (const Rules& base : {kTaiwan, kPagat}) {
    for (bool pass_final : {false, true}) {
      Rules rules = base;
      rules.pass_is_final = pass_final;
      for (const State& s : RandomPositions(rules, 6, 11)) {
        Move moves[kMaxMoves];
        const int count = s.GenerateMoves(moves);
        std::set<Mask> generated;
        for (int i = 0; i < count; ++i) generated.insert(moves[i].cards);
        EXPECT_EQ(generated.size(), static_cast<size_t>(count)) << "a play generated twice";
        ASSERT_EQ(generated, BruteForcePlays(s));
      }
    }
  }
}

// Perft: leaves of the move tree to `depth`, by generation and by brute force.
uint64_t Perft(State& s, int depth, bool brute) {
  if (depth == 0 || s.IsTerminal()) return 1;
  uint64_t total = 0;
  if (brute) {
    for (Mask m : BruteForcePlays(s)) {
      const Move play = Classify(m, s.rules());
      s.Play(play);
      total += Perft(s, depth - 1, brute);
      s.Undo(play);
    }
    return total;
  }
  Move moves[kMaxMoves];
  const int count = s.GenerateMoves(moves);
  for (int i = 0; i < count; ++i) {
    s.Play(moves[i]);
    total += Perft(s, depth - 1, brute);
    s.Undo(moves[i]);
  }
  return total;
}

TEST(BigTwoGeneration, PerftCountsAgreeWithBruteForce) {
  for (const Rules& rules : {kTaiwan, kPagat}) {
    const std::vector<State> positions = RandomPositions(rules, 2, 3);
    for (size_t i = 0; i < positions.size(); i += 7) {
      State a = positions[i], b = positions[i];
      const uint64_t generated = Perft(a, 3, false);
      EXPECT_EQ(generated, Perft(b, 3, true));
      EXPECT_GT(generated, 0u);
    }
  }
}

TEST(BigTwoSampler, LayoutsAgreeWithTheSeatsView) {
  for (int players : {4, 3}) {
    Rules rules = kTaiwan;
    rules.players = players;
    const std::vector<State> positions = RandomPositions(rules, 4, 21);
    for (size_t i = 0; i < positions.size(); i += 5) {
      const State& full = positions[i];
      const int seat = full.CurrentPlayer();
      const State view = full.Restricted(static_cast<uint8_t>(1 << seat));
      absl::StatusOr<Sampler> sampler = Sampler::Make(view, Hands{}, "t");
      ASSERT_TRUE(sampler.ok()) << sampler.status();
      Mask played = 0;
      for (int p = 0; p < players; ++p) played |= full.played(p);
      const Mask below_first = full.ply() > 0 ? Bit(__builtin_ctzll(full.history(0).cards)) - 1 : 0;
      for (int k = 0; k < 100; ++k) {
        core::Rng rng = core::Rng::ForStream(9, static_cast<uint64_t>(k));
        Hands h;
        ASSERT_TRUE(sampler->Sample(rng, &h));
        Mask seen = view.hand(seat) | played;
        for (int p = 0; p < players; ++p) {
          if (p == seat) continue;
          EXPECT_EQ(__builtin_popcountll(h[p]), full.count(p));
          EXPECT_EQ(h[p] & seen, 0u);
          EXPECT_EQ(h[p] & below_first, 0u);  // cards below the first play were not dealt
          seen |= h[p];
        }
        if (players == 4) {
          EXPECT_EQ(seen, kDeck);
        }
        // The completed layout plays on: its legal moves are the true ones for the seat.
        const State done = view.Completed(h);
        Move a[kMaxMoves], b[kMaxMoves];
        ASSERT_EQ(done.GenerateMoves(a), full.GenerateMoves(b));
      }
    }
  }
}

TEST(BigTwoSampler, FixedCardsAreHonouredAndLayoutsAreUniform) {
  const State full = StartOfGame(kTaiwan, DealHands(4, 0, 4));
  const int seat = full.CurrentPlayer();
  const State view = full.Restricted(static_cast<uint8_t>(1 << seat));
  const int other = (seat + 1) % 4, third = (seat + 2) % 4;
  const Mask unseen = kDeck & ~view.hand(seat);
  const int fixed_card = __builtin_ctzll(unseen);
  const int free_card = 63 - __builtin_clzll(unseen);
  Hands fixed{};
  fixed[other] = Bit(fixed_card);
  absl::StatusOr<Sampler> sampler = Sampler::Make(view, fixed, "fixed");
  ASSERT_TRUE(sampler.ok()) << sampler.status();
  int in_third = 0;
  const int n = 3000;
  for (int k = 0; k < n; ++k) {
    core::Rng rng = core::Rng::ForStream(1, static_cast<uint64_t>(k));
    Hands h;
    ASSERT_TRUE(sampler->Sample(rng, &h));
    EXPECT_TRUE(h[other] & Bit(fixed_card));
    in_third += (h[third] >> free_card) & 1;
  }
  // Seat `third` holds 13 of the 38 places left for the free card: 34.2%, se 0.87%.
  EXPECT_NEAR(in_third / double(n), 13.0 / 38.0, 0.035);
  // Refusals name the field.
  fixed[other] = view.hand(seat) & -view.hand(seat);
  absl::StatusOr<Sampler> bad = Sampler::Make(view, fixed, "fixed[0]");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("fixed[0]"), std::string::npos);
}

// Max^n without the value bound: no pruning.
struct Unpruned : SearchState {
  using SearchState::SearchState;
  static constexpr int kValueSum = 0;
};
static_assert(!search::MaxN<Unpruned>::kPrunes && search::MaxN<SearchState>::kPrunes);

TEST(BigTwoSearch, ShallowPruningKeepsTheMaxnValue) {
  core::StopToken never;
  core::SearchControl control(core::Limits{}, &never);
  uint64_t pruned = 0;
  const std::vector<State> positions = RandomPositions(kTaiwan, 3, 8);
  for (size_t i = 0; i < positions.size(); i += 4) {
    for (bool rollouts : {false, true}) {
      SearchState a(positions[i], rollouts);
      Unpruned b(positions[i], rollouts);
      search::MaxN<SearchState> with(&control);
      search::MaxN<Unpruned> without(&control);
      Move ma, mb;
      const auto va = with.Search(a, 3, &ma);
      const auto vb = without.Search(b, 3, &mb);
      EXPECT_EQ(va, vb);
      EXPECT_EQ(ma.cards, mb.cards);
      EXPECT_LE(with.nodes(), without.nodes());
      pruned += with.pruned();
    }
  }
  EXPECT_GT(pruned, 0u);
}

// Plain minimax of one player's value (everyone else minimizing it).
int PlainParanoid(SearchState& s, int depth, int player) {
  int v[kMaxPlayers];
  if (s.IsTerminal() || depth == 0) {
    s.IsTerminal() ? s.Returns(v) : s.EvaluateAll(v);
    return v[player];
  }
  Move moves[kMaxMoves];
  const int count = s.GenerateMoves(moves);
  const bool max = s.CurrentPlayer() == player;
  int best = max ? INT_MIN : INT_MAX;
  for (int i = 0; i < count; ++i) {
    s.Play(moves[i]);
    const int c = PlainParanoid(s, depth - 1, player);
    s.Undo(moves[i]);
    best = max ? std::max(best, c) : std::min(best, c);
  }
  return best;
}

TEST(BigTwoSearch, ParanoidAlphaBetaEqualsPlainMinimax) {
  core::StopToken never;
  core::SearchControl control(core::Limits{}, &never);
  const std::vector<State> positions = RandomPositions(kTaiwan, 3, 9);
  for (size_t i = 0; i < positions.size(); i += 4) {
    SearchState a(positions[i]), b(positions[i]);
    const int me = a.CurrentPlayer();
    search::Paranoid<SearchState> paranoid(&control, me);
    EXPECT_EQ(paranoid.Search(a, 4), PlainParanoid(b, 4, me));
  }
}

TEST(BigTwoSearch, BaselineShedsTheMostCardsLowestFirst) {
  State s = StartOfGame(kTaiwan, DealHands(2, 5, 4));
  Move moves[kMaxMoves];
  for (int ply = 0; ply < 40 && !s.IsTerminal(); ++ply) {
    const Move b = BaselineMove(s);
    const int count = s.GenerateMoves(moves);
    for (int i = 0; i < count; ++i) {
      EXPECT_LE(moves[i].size(), b.size());
      if (moves[i].size() == b.size()) {
        EXPECT_FALSE(PlayLess(moves[i], b));
      }
    }
    if (count > 1) {
      EXPECT_FALSE(b.IsPass()) << "the baseline passed when it could play";
    }
    s.Play(b);
  }
}

TEST(BigTwoMatch, SameSeedSameResultsAtAnyThreadCount) {
  MatchOptions o;
  o.rules = kTaiwan;
  for (const char* p : {"baseline", "random", "mc:4", "paranoid:2:eval"}) {
    o.players.push_back(*ParsePlayer(p, "players"));
  }
  o.deals = 6;
  o.seed = 17;
  o.threads = 1;
  absl::StatusOr<MatchResult> one = PlayMatch(o, nullptr);
  o.threads = 3;
  o.report_every = 4;  // one partial result: the first 4 deals' 16 games
  std::vector<MatchResult> partial;
  absl::StatusOr<MatchResult> three =
      PlayMatch(o, nullptr, [&](const MatchResult& r) { partial.push_back(r); });
  ASSERT_TRUE(one.ok() && three.ok());
  EXPECT_EQ(one->games, 24);
  o.deals = 4;
  o.report_every = 0;
  absl::StatusOr<MatchResult> four = PlayMatch(o, nullptr);
  ASSERT_TRUE(four.ok());
  ASSERT_EQ(partial.size(), 1u);
  EXPECT_EQ(partial[0].games, 16);
  for (size_t p = 0; p < 4; ++p) {
    EXPECT_EQ(partial[0].players[p].wins, four->players[p].wins);
    EXPECT_EQ(partial[0].players[p].points, four->players[p].points);
    EXPECT_EQ(partial[0].differences[p], four->differences[p]);
  }
  int wins = 0;
  for (size_t p = 0; p < 4; ++p) {
    EXPECT_EQ(one->players[p].wins, three->players[p].wins);
    EXPECT_EQ(one->players[p].points, three->players[p].points);
    wins += one->players[p].wins;
  }
  EXPECT_EQ(wins, 24);
  int64_t points = 0;
  for (const PlayerResult& r : one->players) points += r.points;
  EXPECT_EQ(points, 0);  // the winner takes what the others lose
}

TEST(BigTwoMatch, TheMonteCarloPlayerBeatsRandomPlayers) {
  MatchOptions o;
  o.rules = kTaiwan;
  for (const char* p : {"mc:8", "random", "random", "random"}) {
    o.players.push_back(*ParsePlayer(p, "players"));
  }
  o.deals = 10;
  o.seed = 3;
  o.threads = 2;
  absl::StatusOr<MatchResult> r = PlayMatch(o, nullptr);
  ASSERT_TRUE(r.ok());
  // 40 games: a player no better than random would win about 10.
  EXPECT_GT(r->players[0].wins, 20);
  EXPECT_GT(r->players[0].points, 0);
}

// Seat 4's view after the first three plays of a dealt game.
core::PositionSpec FourthSeatAfterThreePlays() {
  core::PositionSpec view;
  view.notation =
      "3C5C5H5S6H7C7D7STSQHQSKC2H 6C8D8H9CTCTDTHJDKSACAD2D2S 3D3H4D4S6S7H9H9SJSQCKHAH2C "
      "3S4C4H5D6D8C8S9DJCJHQDKDAS";
  view.seat = "4";
  view.options = {{"leader", "1"}};
  view.moves = {"3C", "6C", "9H"};
  return view;
}

// Every seat sees who leads: a seat's view of hands given whole needs no options[leader], with
// four players (the holder of 3C) or fewer (the holder of the lowest card dealt).
TEST(BigTwoView, TheLeaderOfASeatsViewComesFromTheHandsGiven) {
  BigTwoGame game;
  core::PositionSpec four = FourthSeatAfterThreePlays();
  four.options.erase("leader");
  four.moves.clear();
  auto s = game.Setup(four);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ((*s)->SideToMove(), "1");
  EXPECT_EQ((*s)->GetKnowledge().hidden.size(), 3u);
  four.moves = {"3C", "6C", "9H"};
  s = game.Setup(four);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ((*s)->SideToMove(), "4");

  core::PositionSpec three;
  // Hand 2 holds the lowest of the three hands' cards, the 3D.
  three.notation =
      "5C5H5S6H7C7D7STSQHQSKC2H3S 6C8D8H9CTCTDTHJDKSACAD2D3D 3H4D4S6S7H9H9SJSQCKHAH2C2S";
  three.seat = "3";
  three.options = {{"players", "3"}};
  s = game.Setup(three);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ((*s)->SideToMove(), "2");
}

// With fewer than four players a hidden hand may hold the lowest card dealt, but not below the
// 3C: a known hand holding the 3C leads whatever options[leader] says.
TEST(BigTwoView, AKnownHandHoldingThe3CLeadsWithFewerPlayers) {
  BigTwoGame game;
  for (const char* players : {"2", "3"}) {
    core::PositionSpec spec;
    spec.notation = players == std::string("2") ? "- 3C4C5C6C7C8C9CTCJCQCKCAC2C"
                                                : "- - 3C4C5C6C7C8C9CTCJCQCKCAC2C";
    spec.options = {{"players", players}, {"leader", "1"}};
    auto s = game.Setup(spec);
    ASSERT_FALSE(s.ok()) << players;
    EXPECT_NE(s.status().message().find("options[leader]"), std::string::npos) << s.status();
    spec.options.erase("leader");
    s = game.Setup(spec);
    ASSERT_TRUE(s.ok()) << s.status();
    EXPECT_EQ((*s)->SideToMove(), players);
  }
}

// Stopped before any move is scored, a search still names one: the rule-based player's choice,
// which looks only at the seat's own hand and the table, so from the seat's view it is the same
// as with every hand known.
TEST(BigTwoAnalysis, StoppedBeforeAnyMoveIsScoredItNamesTheRuleBasedPlayersMove) {
  BigTwoGame game;
  const core::PositionSpec view = FourthSeatAfterThreePlays();
  core::PositionSpec full = view;
  full.seat.clear();
  std::string expected;
  for (const core::PositionSpec& position : {full, view}) {
    auto state = game.Setup(position);
    ASSERT_TRUE(state.ok()) << state.status();
    const State& s = static_cast<const BigTwoState&>(**state).state();
    if (expected.empty()) {
      uint64_t nodes = 0;
      expected = FormatPlay(ChooseMove(s, PlayerOptions{}, 0, &nodes), s.rules().variant);
    }
    core::SearchSpec spec;
    spec.limits.samples = position.seat.empty() ? 0 : 30;
    auto task = game.PrepareSearch(**state, spec);
    ASSERT_TRUE(task.ok()) << task.status();
    core::StopToken token;
    token.Stop(core::StopReason::kStopped);
    core::SearchControl control(spec.limits, &token);
    testing::CollectingSink sink;
    const core::Report r = (*task)->Run(control, sink);
    EXPECT_EQ(r.stop_reason, core::StopReason::kStopped);
    ASSERT_EQ(r.moves.size(), 1u);
    EXPECT_EQ(r.best_move, expected);
    EXPECT_NE(r.message.find("rule-based player"), std::string::npos) << r.message;
  }
}

// Fixing every card of seats 1 and 2 leaves one layout (seat 3 gets the rest): every sample is
// the same, whatever the seed. A card the seat holds cannot be fixed to another.
TEST(BigTwoAnalysis, CardsFixedInASeatsAnalysisHoldInEveryLayout) {
  BigTwoGame game;
  const core::PositionSpec view = FourthSeatAfterThreePlays();
  core::SearchSpec spec;
  spec.limits.samples = 12;
  std::vector<core::Report> reports;
  for (uint64_t seed : {11, 12}) {
    spec.seed = seed;
    spec.fixed = {"1:5C5H5S6H7C7D7STSQHQSKC2H", "2:8D8H9CTCTDTHJDKSACAD2D2S"};
    reports.push_back(testing::RunSearch(game, view, spec));
    spec.fixed.clear();
    reports.push_back(testing::RunSearch(game, view, spec));
  }
  ASSERT_EQ(reports[0].stop_reason, core::StopReason::kSampleLimit) << reports[0].message;
  double loose = 0;
  for (size_t i = 0; i < reports[0].moves.size(); ++i) {
    EXPECT_EQ(reports[0].moves[i].std_error, 0) << reports[0].moves[i].move;
    EXPECT_EQ(reports[0].moves[i].move, reports[2].moves[i].move);
    EXPECT_EQ(reports[0].moves[i].value, reports[2].moves[i].value);
    loose += reports[1].moves[i].std_error + reports[3].moves[i].std_error;
  }
  EXPECT_GT(loose, 0);
  spec.fixed = {"1:AS"};
  const core::Report refused = testing::RunSearch(game, view, spec);
  EXPECT_EQ(refused.stop_reason, core::StopReason::kError);
  EXPECT_NE(refused.message.find("fixed"), std::string::npos) << refused.message;
}

TEST(BigTwoMatch, PlayerNamesAreCheckedWithTheirField) {
  EXPECT_FALSE(ParsePlayer("mcts", "players[2]").ok());
  EXPECT_NE(ParsePlayer("mcts", "players[2]").status().message().find("players[2]"),
            std::string::npos);
  EXPECT_FALSE(ParsePlayer("maxn:0", "p").ok());
  EXPECT_FALSE(ParsePlayer("mc:10:2:minimax", "p").ok());
  EXPECT_FALSE(ParsePlayer("maxn:3:eval:x", "p").ok());
  EXPECT_EQ(PlayerName(*ParsePlayer("mc", "p")), "mc:40:1:paranoid:rollout");
}

}  // namespace
}  // namespace kibitzer::bigtwo
