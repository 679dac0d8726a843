// Hypothetical deals from a seat's view: dealer scripts, the sampler, and the Deal call. Debian's
// `dealer` program is the oracle for the statistics of constrained deals.
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/games/bridge/bridge_game.h"
#include "gtest/gtest.h"

namespace kibitzer::bridge {
namespace {

constexpr char kDeal[] = "N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 J876.KJ852.5.Q76 T5.T97.K87.AT984";

std::unique_ptr<core::GameState> MakeState(const BridgeGame& game, const std::string& notation,
                                           std::vector<std::string> moves, core::OptionMap options,
                                           const std::string& seat) {
  core::PositionSpec spec;
  spec.notation = notation;
  spec.moves = std::move(moves);
  spec.options = std::move(options);
  spec.seat = seat;
  absl::StatusOr<std::unique_ptr<core::GameState>> state = game.Setup(spec);
  EXPECT_TRUE(state.ok()) << state.status();
  return state.ok() ? *std::move(state) : nullptr;
}

Hands ParseLayout(const std::string& notation) {
  absl::StatusOr<Hands> hands = ParsePbnDeal(notation, "layout");
  EXPECT_TRUE(hands.ok()) << hands.status();
  return hands.ok() ? *hands : Hands{};
}

TEST(DealerScript, ParsesAndEvaluatesTheManualsExample) {
  const char* text = R"(generate   10000
produce    25
vulnerable ew
dealer     west
predeal    south SAQ542, HKJ87, D32, CAK
west1n = shape(west, any 4333 + any 4432 + any 5332 - 5xxx - x5xx) &&
         hcp(west)>14 && hcp(west)<18
west1h = hearts(west)>= 5
west1s = spades(west)>= 5
west1d = diamonds(west)>clubs(west) || ((diamonds(west)==clubs(west))==4)
west1c = (not west1n) && hcp(west)>10 && clubs(west)>=3
         && (not west1h) && (not west1s) && (not west1d)
north2d = (hcp(north)>5 && hcp(north)<12) &&
          shape(north, xx6x + xx7x - any 4xxx - any 5xxx)
condition  west1c && north2d
action     printall
)";
  absl::StatusOr<dealer::Script> script = dealer::ParseScript(text, "constraints");
  ASSERT_TRUE(script.ok()) << script.status();
  EXPECT_EQ(script->predeal[kSouth].size(), 13);
  EXPECT_EQ(script->dealer, kWest);
  EXPECT_EQ(script->produce, 25);
  // West (2=2=3=6, 12 points) opens 1C; North (2=2=6=3, 7 points) overcalls 2D.
  EXPECT_TRUE(
      dealer::Satisfies(*script, ParseLayout("N:J6.T4.KQJ987.T54 T987.A6532.T6.73 AQ542.KJ87.32.AK "
                                             "K3.Q9.A54.QJ9862")));
  // North with five diamonds only (a spade for East's seven of diamonds) does not overcall.
  EXPECT_FALSE(
      dealer::Satisfies(*script, ParseLayout("N:J76.T4.KQJ98.T54 T98.A6532.T76.73 AQ542.KJ87.32.AK "
                                             "K3.Q9.A54.QJ9862")));
}

TEST(DealerScript, FunctionsGiveTheManualsValues) {
  const Hands h = ParseLayout(kDeal);
  auto value = [&](const std::string& expr) {
    absl::StatusOr<dealer::Script> s = dealer::ParseScript("v = " + expr + "\ncondition v", "c");
    EXPECT_TRUE(s.ok()) << expr << ": " << s.status();
    dealer::PartialLayout full;
    full.fixed = h;
    return dealer::EvaluateRange(*s, full).lo;
  };
  // North: AKQ2.AQ6.J64.J53.
  EXPECT_EQ(value("hcp(north)"), 9 + 6 + 1 + 1);
  EXPECT_EQ(value("hcp(north, spades)"), 9);
  EXPECT_EQ(value("spades(north) * 10 + clubs(north)"), 43);
  EXPECT_EQ(value("controls(north)"), 2 + 1 + 2);
  EXPECT_EQ(value("losers(north, spades)"), 0);
  EXPECT_EQ(value("losers(north, diamonds)"), 3);
  EXPECT_EQ(value("losers(east, clubs)"), 1);      // Kx
  EXPECT_EQ(value("losers(south, diamonds)"), 1);  // singleton 5
  EXPECT_EQ(value("aces(north) + kings(east)"), 2 + 1);
  EXPECT_EQ(value("shape(north, any 4333)"), 1);
  EXPECT_EQ(value("shape(east, 32xx - any 0xxx)"), 1);
  EXPECT_EQ(value("shape(east, 33xx)"), 0);
  EXPECT_EQ(value("hascard(east, KC) && !hascard(west, KC)"), 1);
  EXPECT_EQ(value("hcp(south) > 5 ? 1 : 2"), 1);
  EXPECT_EQ(value("17 / 5 + 17 % 5"), 3 + 2);
  EXPECT_EQ(value("score(nonvul, x3N, 10)"), 430);
  EXPECT_EQ(value("score(vul, x4S, 8)"), -200);
  EXPECT_EQ(value("imps(430 - 170)"), 6);
}

TEST(DealerScript, MalformedScriptsPointAtThePlace) {
  struct Case {
    const char* text;
    const char* message;
  };
  const Case cases[] = {
      {"hcp(north) >", "line 1, column 13: at the end: expected an expression"},
      {"hcp(nort) > 3", "line 1, column 5: at 'nort': expected a seat"},
      {"x = 3\ncondition y > 2", "line 2, column 11: at 'y': unknown name"},
      {"shape(north, 4333 + 5xx)", "expected a shape of four digits or x"},
      {"shape(north, 5333)", "the lengths of a shape add up to 13"},
      {"predeal north SAK, SA", "SA is predealt twice"},
      {"condition tricks(north, spades) > 9", "tricks() is not supported"},
      {"condition hcp(north) @ 3", "line 1, column 22: unexpected '@'"},
  };
  for (const Case& c : cases) {
    absl::StatusOr<dealer::Script> s = dealer::ParseScript(c.text, "constraints");
    ASSERT_FALSE(s.ok()) << c.text;
    EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(s.status().message().find(c.message), absl::string_view::npos)
        << c.text << " → " << s.status().message();
    EXPECT_EQ(s.status().message().rfind("constraints: ", 0), 0u);
  }
}

// Scripts a hostile client may send: each is refused at its place, not crashing the server (SIGFPE
// from INT64_MIN / -1, a stack overflow from deep nesting, undefined signed overflow) or hanging it
// (names that double the work at each step).
TEST(DealerScript, HostileScriptsAreRefusedAtThePlace) {
  struct Case {
    std::string text;
    const char* message;
  };
  std::string doubling = "a0 = hcp(north)\n";
  for (int i = 1; i <= 40; ++i)
    doubling += absl::StrCat("a", i, " = a", i - 1, " + a", i - 1, "\n");
  doubling += "condition a40 > 3";
  std::string chain = "b0 = hcp(north)\n";
  for (int i = 1; i <= 3000; ++i) chain += absl::StrCat("b", i, " = b", i - 1, " + 1\n");
  chain += "condition b3000 > 3";
  const Case cases[] = {
      {"(4294967296 * 2147483648) / -1 > 0", "line 1, column 13: at '*': the value may overflow"},
      {"(4294967296 * 2147483648) % -1 > 0", "at '*': the value may overflow"},
      {"x = 999999999999999 * 999999999999999\ncondition x > 0",
       "line 1, column 21: at '*': the value may overflow"},
      {"hcp(north) * 999999999999999 * 999999999999999 > 1", "at '*': the value may overflow"},
      {"-(999999999999999 * 999999999 * 999) > 1", "at '*': the value may overflow"},
      {"pointcount 99999999999 4 3 2 1\nhcp(north) > 3", "a point value is at most 1000"},
      {std::string(3000, '(') + "1" + std::string(3000, ')'), "nested more than 100 deep"},
      {std::string(50000, '!') + "1", "nested more than 100 deep"},
      {std::string(50000, '-') + "1 > 0", "nested more than 100 deep"},
      {[] {
         std::string s;
         for (int i = 0; i < 20000; ++i) s += "1 ? 1 : ";
         return s + "1";
       }(),
       "nested more than 100 deep"},
      {doubling, "takes more than 100000 steps to evaluate"},
      {chain, "nested more than 1000 deep (through its names)"},
  };
  for (const Case& c : cases) {
    absl::StatusOr<dealer::Script> s = dealer::ParseScript(c.text, "constraints");
    ASSERT_FALSE(s.ok()) << c.text.substr(0, 80);
    EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(s.status().message().find(c.message), absl::string_view::npos)
        << c.text.substr(0, 80) << " → " << s.status().message().substr(0, 200);
    EXPECT_EQ(s.status().message().rfind("constraints: ", 0), 0u);
  }
  // Within the bounds: large values, division and remainder by -1 and by ranges that hold -1.
  for (const char* ok : {"(1073741824 * 1073741824) / -1 < 0", "(999999999999 * 999) % -1 == 0",
                         "hcp(north) / (hcp(south) - 1) >= -40", "spades(north) % -1 == 0",
                         "-(-(-(-(hcp(north))))) > 3"}) {
    absl::StatusOr<dealer::Script> s = dealer::ParseScript(ok, "constraints");
    ASSERT_TRUE(s.ok()) << ok << ": " << s.status();
    dealer::PartialLayout full;
    full.fixed = ParseLayout(kDeal);
    EXPECT_EQ(dealer::EvaluateRange(*s, full).lo, 1) << ok;
  }
}

// Every sampled layout agrees with what East sees after four tricks (its hand, dummy, the cards
// played, South's void in diamonds) and with the script; and the layouts vary.
TEST(LayoutSampler, ThousandsOfLayoutsAgreeWithTheViewAndTheScript) {
  BridgeGame game;
  // 4H by South; West leads the D8 to East's queen; East cashes the ace (South shows out) and
  // leads a club to West's ace.
  const std::vector<std::string> moves = {"D8", "D4", "DQ", "D5",   // E wins: DQ
                                          "DA", "S6", "D7", "D6",   // S shows out of diamonds
                                          "C2", "C6", "CA", "C3"};  // W wins
  auto state = MakeState(game, kDeal, moves, {{"contract", "4H"}, {"declarer", "S"}}, "E");
  ASSERT_NE(state, nullptr);
  const auto& bs = static_cast<const BridgeState&>(*state);
  ASSERT_TRUE(bs.hidden());
  EXPECT_EQ(bs.view().known, (1 << kEast) | (1 << kNorth));
  EXPECT_EQ(bs.view().shown_out[kSouth], 1 << kDiamonds);
  const std::string script = "hcp(south) >= 5 && hearts(south) >= 5";
  core::DealSpec spec;
  spec.count = 3000;
  spec.seed = 7;
  spec.constraints = script;
  absl::StatusOr<core::DealResult> result = game.Deal(*state, spec);
  ASSERT_TRUE(result.ok()) << result.status();
  ASSERT_EQ(result->layouts.size(), 3000u);
  absl::StatusOr<dealer::Script> parsed = dealer::ParseScript(script, "c");
  ASSERT_TRUE(parsed.ok());
  const Hands real = ParseLayout(kDeal);
  std::map<std::string, int> west_holds_hk;
  int distinct_south = 0;
  std::map<uint64_t, int> souths;
  for (const core::PositionSpec& layout : result->layouts) {
    const Hands h = ParseLayout(layout.notation);
    CardSet all;
    for (const CardSet& hand : h) {
      EXPECT_EQ(hand.size(), 13);
      EXPECT_FALSE(all.Intersects(hand));
      all |= hand;
    }
    EXPECT_EQ(h[kEast], real[kEast]);
    EXPECT_EQ(h[kNorth], real[kNorth]);
    // The cards South and West played are theirs; South has no diamonds left.
    EXPECT_TRUE(h[kSouth].ContainsAll(CardSet::Single(MakeCard(kDiamonds, 5)) |
                                      CardSet::Single(MakeCard(kSpades, 6)) |
                                      CardSet::Single(MakeCard(kClubs, 6))));
    EXPECT_TRUE(h[kWest].ContainsAll(CardSet::Single(MakeCard(kDiamonds, 8)) |
                                     CardSet::Single(MakeCard(kDiamonds, 7)) |
                                     CardSet::Single(MakeCard(kClubs, 14))));
    EXPECT_EQ(SuitCards(h[kSouth], kDiamonds).size(), 1);
    EXPECT_TRUE(dealer::Satisfies(*parsed, h));
    EXPECT_EQ(layout.moves.size(), moves.size());
    souths[h[kSouth].mask()]++;
  }
  distinct_south = static_cast<int>(souths.size());
  EXPECT_GT(distinct_south, 1000);
}

// Two hidden hands share four cards two and two: six layouts, each drawn about equally often,
// whether the hands are listed by suit lengths (the script reads East) or dealt as a block.
TEST(LayoutSampler, DrawsUniformly) {
  const CardSet pool =
      CardSet::Single(MakeCard(kSpades, 12)) | CardSet::Single(MakeCard(kSpades, 11)) |
      CardSet::Single(MakeCard(kHearts, 10)) | CardSet::Single(MakeCard(kClubs, 9));
  absl::StatusOr<dealer::Script> script = dealer::ParseScript("spades(east) >= 0", "c");
  ASSERT_TRUE(script.ok());
  const dealer::Script* scripts[] = {nullptr, &*script};
  for (const dealer::Script* s : scripts) {
    DealProblem problem;
    problem.fixed[kNorth] = kFullDeck.Without(pool);
    problem.size = {48, 2, 0, 2};
    problem.script = s;
    absl::StatusOr<LayoutSampler> sampler = LayoutSampler::Create(problem, "fixed");
    ASSERT_TRUE(sampler.ok()) << sampler.status();
    EXPECT_DOUBLE_EQ(sampler->layouts(), 6);
    std::map<uint64_t, int> counts;
    const int n = 6000;
    for (int i = 0; i < n; ++i) {
      core::Rng rng = core::Rng::ForStream(3, i);
      Hands out;
      ASSERT_TRUE(sampler->Sample(rng, out));
      EXPECT_EQ((out[kEast] | out[kWest]), pool);
      counts[out[kEast].mask()]++;
    }
    ASSERT_EQ(counts.size(), 6u);
    double chi2 = 0;
    for (const auto& [mask, c] : counts) chi2 += (c - n / 6.0) * (c - n / 6.0) / (n / 6.0);
    EXPECT_LT(chi2, 20.5);  // 5 degrees of freedom: p < 0.001
  }
}

TEST(LayoutSampler, ImpossibleConstraintsAreReportedAtOnce) {
  BridgeGame game;
  auto state = MakeState(game, "N:- - - -", {}, {}, "");
  ASSERT_NE(state, nullptr);
  for (const char* script : {"hcp(north) > 37", "shape(west, 7xxx) && spades(west) == 6",
                             "predeal north SAKQJT98765432\ncondition hascard(south, SA)"}) {
    core::DealSpec spec;
    spec.constraints = script;
    absl::StatusOr<core::DealResult> r = game.Deal(*state, spec);
    ASSERT_FALSE(r.ok()) << script;
    EXPECT_NE(r.status().message().find("constraints: no layout"), absl::string_view::npos)
        << r.status().message();
  }
}

TEST(LayoutSampler, FixedCardsAreCheckedAgainstTheView) {
  BridgeGame game;
  auto state = MakeState(game, "N:AKQ2.AQ6.J64.J53 - J876.KJ852.5.Q76 -", {}, {}, "");
  ASSERT_NE(state, nullptr);
  struct Case {
    std::vector<std::string> fixed;
    const char* message;
  };
  const Case cases[] = {
      {{"W:SA"}, "fixed[0]: SA to W: N holds it"},
      {{"N:S3"}, "fixed[0]: S3 to N: N's hand is known and does not hold it"},
      {{"W SK"}, "fixed[0]: 'W SK' is not SEAT:CARDS"},
      {{"W:SZ"}, "fixed[0]: 'SZ' is not a card"},
      {{"W:ST", "E:ST"}, "fixed[1]: ST to E: W holds it"},
  };
  for (const Case& c : cases) {
    core::DealSpec spec;
    spec.fixed = c.fixed;
    absl::StatusOr<core::DealResult> r = game.Deal(*state, spec);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.status().message().find(c.message), absl::string_view::npos)
        << r.status().message();
  }
  // What if West holds the ten of spades and the ace of clubs: every layout says so.
  core::DealSpec spec;
  spec.fixed = {"W:ST,CA"};
  spec.count = 50;
  absl::StatusOr<core::DealResult> r = game.Deal(*state, spec);
  ASSERT_TRUE(r.ok()) << r.status();
  for (const auto& layout : r->layouts) {
    const Hands h = ParseLayout(layout.notation);
    EXPECT_TRUE(h[kWest].Contains(MakeCard(kSpades, 10)));
    EXPECT_TRUE(h[kWest].Contains(MakeCard(kClubs, 14)));
  }
}

// A seat's view of the whole deal is the view of the deal with the hands it cannot see left out:
// the same layouts.
TEST(LayoutSampler, ASeatsViewOfTheWholeDealIsTheViewWithTheOtherHandsLeftOut) {
  BridgeGame game;
  const core::OptionMap contract = {{"contract", "3NT"}, {"declarer", "S"}};
  auto plain = MakeState(game, "W:AKQ2.KJ3.T98.765 - - -", {}, contract, "W");
  auto viewed =
      MakeState(game, "W:AKQ2.KJ3.T98.765 JT98.AQT9.AKQ.AK 765.8765.J76.QJT 43.42.5432.98432", {},
                contract, "W");
  ASSERT_NE(plain, nullptr);
  ASSERT_NE(viewed, nullptr);
  core::DealSpec spec;
  spec.count = 20;
  spec.seed = 3;
  spec.constraints = "hcp(south) >= 15";
  absl::StatusOr<core::DealResult> a = game.Deal(*plain, spec);
  absl::StatusOr<core::DealResult> b = game.Deal(*viewed, spec);
  ASSERT_TRUE(a.ok()) << a.status();
  ASSERT_TRUE(b.ok()) << b.status();
  ASSERT_EQ(b->layouts.size(), 20u);
  absl::StatusOr<dealer::Script> script = dealer::ParseScript(spec.constraints, "c");
  ASSERT_TRUE(script.ok());
  for (size_t i = 0; i < b->layouts.size(); ++i) {
    EXPECT_EQ(a->layouts[i].notation, b->layouts[i].notation);
    const Hands h = ParseLayout(b->layouts[i].notation);
    EXPECT_TRUE(h[kWest].ContainsAll(CardSet::Single(MakeCard(kSpades, 14)) |
                                     CardSet::Single(MakeCard(kHearts, 11)) |
                                     CardSet::Single(MakeCard(kClubs, 5))));
    EXPECT_TRUE(dealer::Satisfies(*script, h));
  }
}

// A 15-17 balanced notrump opener facing a five-card overcall is a tight condition; the shapes are
// enumerated first, so only the points are left to chance.
TEST(LayoutSampler, TightConstraintsDoNotStall) {
  BridgeGame game;
  auto state = MakeState(game, "N:- - J876.KJ852.5.Q76 -", {}, {}, "S");
  ASSERT_NE(state, nullptr);
  core::DealSpec spec;
  spec.count = 300;
  spec.constraints =
      "west1n = hcp(west) >= 15 && hcp(west) <= 17 && shape(west, any 4333 + any 4432 + any "
      "5332)\n"
      "north2 = shape(north, 5xxx + x5xx + xx5x + xxx5) && hcp(north) >= 8\n"
      "condition west1n && north2";
  absl::StatusOr<core::DealResult> r = game.Deal(*state, spec);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->layouts.size(), 300u);
  // Every draw that was rejected failed on points alone: far fewer than plain rejection needs.
  EXPECT_LT(r->rejected, 300 * 30);
}

// Statistics of sampled deals against Debian's dealer on the same script: means within sampling
// error.
TEST(LayoutSampler, StatisticsAgreeWithTheDealerProgram) {
  const std::string dealer_path = "/usr/games/dealer";
  if (!std::filesystem::exists(dealer_path)) {
    // scripts/install-deps.sh installs it; only a hand-made build may lack it.
    if (std::getenv("CI") != nullptr) FAIL() << "dealer is not installed";
    GTEST_SKIP() << "dealer is not installed";
  }
  const std::string condition =
      "predeal south SAQ542, HKJ87, D32, CAK\n"
      "condition hcp(west) >= 11 && clubs(west) >= 3 && hcp(north) >= 6 && diamonds(north) >= 6\n";
  const std::string path = testing::TempDir() + "kibitzer_dealer_script.txt";
  {
    std::ofstream out(path);
    out << condition << "produce 4000\n"
        << "action average \"a\" hcp(west), average \"b\" hcp(east), "
           "average \"c\" (spades(east) == 5), average \"d\" hcp(north)\n";
  }
  const std::string command = dealer_path + " -s 11 " + path + " 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::map<std::string, double> theirs;
  char line[256];
  while (fgets(line, sizeof line, pipe) != nullptr) {
    std::vector<std::string> kv = absl::StrSplit(std::string(line), absl::MaxSplits(':', 1));
    double v;
    if (kv.size() == 2 && absl::SimpleAtod(kv[1], &v)) theirs[kv[0]] = v;
  }
  ASSERT_EQ(pclose(pipe), 0);
  ASSERT_EQ(theirs.size(), 4u);

  BridgeGame game;
  auto state = MakeState(game, "N:- - - -", {}, {}, "");
  ASSERT_NE(state, nullptr);
  core::DealSpec spec;
  spec.count = 4000;
  spec.seed = 5;
  spec.constraints = condition;
  absl::StatusOr<core::DealResult> r = game.Deal(*state, spec);
  ASSERT_TRUE(r.ok()) << r.status();
  absl::StatusOr<dealer::Script> stats = dealer::ParseScript(
      "a = hcp(west)\nb = hcp(east)\nc = spades(east) == 5\nd = hcp(north)\n", "s");
  ASSERT_TRUE(stats.ok());
  // Means and variances of the four figures over our layouts.
  const char* names[4] = {"a", "b", "c", "d"};
  const char* exprs[4] = {"hcp(west)", "hcp(east)", "spades(east) == 5", "hcp(north)"};
  for (int k = 0; k < 4; ++k) {
    absl::StatusOr<dealer::Script> s =
        dealer::ParseScript(std::string("condition ") + exprs[k], "s");
    ASSERT_TRUE(s.ok());
    double sum = 0, squares = 0;
    for (const auto& layout : r->layouts) {
      dealer::PartialLayout full;
      full.fixed = ParseLayout(layout.notation);
      const double v = static_cast<double>(dealer::EvaluateRange(*s, full).lo);
      sum += v;
      squares += v * v;
    }
    const double n = static_cast<double>(r->layouts.size());
    const double mean = sum / n;
    const double var = squares / n - mean * mean;
    // Two independent samples of n: the difference has standard error sqrt(2 var / n).
    const double se = std::sqrt(2 * var / n);
    EXPECT_NEAR(mean, theirs[names[k]], 4.5 * se + 1e-3) << exprs[k];
  }
}

}  // namespace
}  // namespace kibitzer::bridge
