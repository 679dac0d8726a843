#include <algorithm>
#include <set>
#include <vector>

#include "engine/core/card_set.h"
#include "engine/core/options.h"
#include "engine/core/rng.h"
#include "engine/core/search_control.h"
#include "gtest/gtest.h"

namespace kibitzer::core {
namespace {

TEST(CardSet, AddRemoveIterateInOrder) {
  CardSet s;
  for (int i : {63, 0, 17, 42}) s.Add(i);
  EXPECT_EQ(s.size(), 4);
  EXPECT_TRUE(s.Contains(17));
  EXPECT_EQ(s.Lowest(), 0);
  EXPECT_EQ(s.Highest(), 63);
  std::vector<int> items;
  for (int i : s) items.push_back(i);
  EXPECT_EQ(items, (std::vector<int>{0, 17, 42, 63}));
  s.Remove(0);
  EXPECT_EQ(s.PopLowest(), 17);
  EXPECT_EQ(s, CardSet::Single(42) | CardSet::Single(63));
  EXPECT_TRUE(s.Without(CardSet::Single(42)) == CardSet::Single(63));
}

TEST(Rng, SameSeedSameStreamDifferentSeedsDiffer) {
  Rng a(7), b(7), c(8);
  bool all_equal_c = true;
  for (int i = 0; i < 100; ++i) {
    const uint64_t x = a.Next();
    EXPECT_EQ(x, b.Next());
    if (x != c.Next()) all_equal_c = false;
  }
  EXPECT_FALSE(all_equal_c);
}

TEST(Rng, StreamsDependOnlyOnSeedAndIndex) {
  Rng s3 = Rng::ForStream(99, 3);
  Rng again = Rng::ForStream(99, 3);
  EXPECT_EQ(s3.Next(), again.Next());
  EXPECT_NE(Rng::ForStream(99, 3).Next(), Rng::ForStream(99, 4).Next());
}

TEST(Rng, BelowIsInRangeAndRoughlyUniform) {
  Rng r(1);
  std::vector<int> counts(6, 0);
  for (int i = 0; i < 60000; ++i) {
    const uint64_t v = r.Below(6);
    ASSERT_LT(v, 6u);
    ++counts[v];
  }
  for (int c : counts) {
    EXPECT_GT(c, 9000);
    EXPECT_LT(c, 11000);
  }
}

TEST(Rng, ShuffleIsAPermutationAndReproducible) {
  std::vector<int> a(52), b(52);
  for (int i = 0; i < 52; ++i) a[i] = b[i] = i;
  Rng r1(5), r2(5);
  r1.Shuffle(a.begin(), a.end());
  r2.Shuffle(b.begin(), b.end());
  EXPECT_EQ(a, b);
  std::set<int> seen(a.begin(), a.end());
  EXPECT_EQ(seen.size(), 52u);
  EXPECT_FALSE(std::is_sorted(a.begin(), a.end()));
}

TEST(Options, DefaultsAndCheckedValues) {
  std::vector<OptionSpec> specs = {
      OptionSpec::Bool("fast", true, ""),
      OptionSpec::Int("width", 3, 1, 10, ""),
      OptionSpec::Enum("mode", "a", {"a", "b"}, ""),
  };
  auto v = OptionValues::Parse(specs, {{"width", "7"}}, "options");
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_TRUE(v->GetBool("fast"));
  EXPECT_EQ(v->GetInt("width"), 7);
  EXPECT_EQ(v->GetString("mode"), "a");

  auto unknown = OptionValues::Parse(specs, {{"colour", "red"}}, "options");
  EXPECT_EQ(unknown.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(unknown.status().message().find("options[colour]"), absl::string_view::npos);
  EXPECT_FALSE(OptionValues::Parse(specs, {{"width", "11"}}, "o").ok());
  EXPECT_FALSE(OptionValues::Parse(specs, {{"width", "x"}}, "o").ok());
  EXPECT_FALSE(OptionValues::Parse(specs, {{"fast", "yes"}}, "o").ok());
  EXPECT_FALSE(OptionValues::Parse(specs, {{"mode", "c"}}, "o").ok());
}

TEST(SearchControl, NodeLimitIsExactAndStopTokenWins) {
  Limits limits;
  limits.nodes = 1500;
  StopToken token;
  SearchControl control(limits, &token);
  uint64_t n = 0;
  while (!control.PollEvery(++n)) {
  }
  EXPECT_EQ(n, 1500u);
  EXPECT_EQ(control.reason(), StopReason::kNodeLimit);
  EXPECT_FALSE(token.Stop(StopReason::kStopped));  // the first reason stays
  EXPECT_EQ(token.reason(), StopReason::kNodeLimit);
}

TEST(SearchControl, ExternalStopIsSeenAtTheNextPoll) {
  StopToken token;
  SearchControl control(Limits{}, &token);
  EXPECT_FALSE(control.Poll(1));
  token.Stop(StopReason::kCancelled);
  EXPECT_TRUE(control.PollEvery(3));
  EXPECT_EQ(control.reason(), StopReason::kCancelled);
}

}  // namespace
}  // namespace kibitzer::core
