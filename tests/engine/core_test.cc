#include <algorithm>
#include <atomic>
#include <chrono>
#include <optional>
#include <set>
#include <thread>
#include <vector>

#include "engine/core/card_set.h"
#include "engine/core/fixed_cards.h"
#include "engine/core/large_array.h"
#include "engine/core/match_support.h"
#include "engine/core/memory_budget.h"
#include "engine/core/options.h"
#include "engine/core/parallel_jobs.h"
#include "engine/core/quote.h"
#include "engine/core/random_id.h"
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

struct Inner {
  int depth = 0;
};
struct Sample {
  enum class Mode { kA, kB };
  bool fast = false;
  int width = 0;
  Mode mode = Mode::kB;
  std::optional<int> limit;
  std::string label;
  Inner inner;
};

OptionSet<Sample> SampleOptions() {
  OptionSet<Inner> inner;
  inner.Int("depth", &Inner::depth, 4, 0, 9, "");
  OptionSet<Sample> set;
  set.Bool("fast", &Sample::fast, true, "")
      .Int("width", &Sample::width, 3, 1, 10, "")
      .Enum("mode", &Sample::mode, "a", {{"a", Sample::Mode::kA}, {"b", Sample::Mode::kB}}, "")
      .Int("limit", &Sample::limit, 5, 0, 9, "")
      .String("label", &Sample::label, "")
      .Include(&Sample::inner, inner);
  return set;
}

TEST(Options, DeclaredDefaultsThenCheckedValuesIntoTheFields) {
  const OptionSet<Sample> set = SampleOptions();
  ASSERT_EQ(set.specs().size(), 6u);
  EXPECT_EQ(set.specs()[2].choices, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(set.specs()[3].default_value, "5");
  EXPECT_EQ(set.specs()[5].name, "depth");

  auto v = set.Parse({{"width", "7"}, {"depth", "2"}, {"label", "x y"}}, "options");
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_TRUE(v->fast);
  EXPECT_EQ(v->width, 7);
  EXPECT_EQ(v->mode, Sample::Mode::kA);
  EXPECT_FALSE(v->limit.has_value());  // not given: an optional field tells so
  EXPECT_EQ(v->label, "x y");
  EXPECT_EQ(v->inner.depth, 2);
  auto given = set.Parse({{"limit", "0"}, {"mode", "b"}, {"fast", "false"}}, "options");
  ASSERT_TRUE(given.ok()) << given.status();
  EXPECT_EQ(given->limit, 0);
  EXPECT_EQ(given->mode, Sample::Mode::kB);
  EXPECT_FALSE(given->fast);
  EXPECT_EQ(given->inner.depth, 4);

  auto unknown = set.Parse({{"colour", "red"}}, "options");
  EXPECT_EQ(unknown.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(unknown.status().message().find("options[colour]"), absl::string_view::npos);
  EXPECT_NE(unknown.status().message().find("depth"), absl::string_view::npos);
  EXPECT_FALSE(set.Parse({{"width", "11"}}, "o").ok());
  EXPECT_FALSE(set.Parse({{"width", "x"}}, "o").ok());
  EXPECT_FALSE(set.Parse({{"fast", "yes"}}, "o").ok());
  EXPECT_FALSE(set.Parse({{"mode", "c"}}, "o").ok());
  EXPECT_FALSE(set.Parse({{"depth", "10"}}, "o").ok());
}

TEST(FixedCards, SeatsByNameAnyCaseAndTheCardsLeftToTheGame) {
  auto v = ParseFixedCards({"w:SK", " E :HA,HQ", "N:"}, {"N", "E", "S", "W"}, "fixed", "W:SK");
  ASSERT_TRUE(v.ok()) << v.status();
  ASSERT_EQ(v->size(), 3u);
  EXPECT_EQ((*v)[0].seat, 3);
  EXPECT_EQ((*v)[0].cards, "SK");
  EXPECT_EQ((*v)[1].seat, 1);
  EXPECT_EQ((*v)[1].cards, "HA,HQ");
  EXPECT_EQ((*v)[1].field, "fixed[1]");
  EXPECT_EQ((*v)[2].cards, "");
  for (const char* bad : {"W SK", "X:SK", ":SK", "NE:SK"}) {
    auto r = ParseFixedCards({"N:SA", bad}, {"N", "E", "S", "W"}, "fixed", "W:SK");
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_NE(r.status().message().find("fixed[1]: '"), absl::string_view::npos);
    EXPECT_NE(r.status().message().find("is not SEAT:CARDS with SEAT one of N, E, S, W"),
              absl::string_view::npos)
        << r.status().message();
  }
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

// The QueryRunner pauses a search to give its worker to another client's for a while.
TEST(SearchControl, APausedSearchWaitsInItsPollAndThePauseIsNotItsTime) {
  StopToken token;
  Limits limits;
  limits.time = std::chrono::milliseconds(300);
  SearchControl control(limits, &token);
  token.Pause();
  std::atomic<int> result{-1};
  std::thread search([&] { result = control.Poll(1024) ? 1 : 0; });
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  EXPECT_EQ(result, -1);  // still waiting
  token.Resume();
  search.join();
  EXPECT_EQ(result, 0);  // paused longer than its time limit, which runs on only from here
  EXPECT_FALSE(token.stopped());
}

std::atomic<int64_t> fake_clock_ns{0};
SearchControl::Clock::time_point FakeNow() {
  return SearchControl::Clock::time_point(std::chrono::nanoseconds(fake_clock_ns.load()));
}

// On an injected clock: a search that ran 2 s, was paused for a minute and ran 4 s more has run
// 6 s, which its 5 s time limit sees.
TEST(SearchControl, ElapsedTimeAndTheTimeLimitLeaveOutThePauses) {
  using std::chrono::seconds;
  fake_clock_ns = 0;
  StopToken token;
  Limits limits;
  limits.time = seconds(5);
  SearchControl control(limits, &token, std::chrono::milliseconds(0), &FakeNow);
  fake_clock_ns += std::chrono::nanoseconds(seconds(2)).count();
  token.Pause();
  std::atomic<int> result{-1};
  std::thread search([&] { result = control.Poll(1024) ? 1 : 0; });
  while (token.waiting() == 0) std::this_thread::yield();
  fake_clock_ns += std::chrono::nanoseconds(seconds(60)).count();
  token.Resume();
  search.join();
  EXPECT_EQ(result, 0);
  EXPECT_DOUBLE_EQ(control.ElapsedSeconds(), 2.0);
  fake_clock_ns += std::chrono::nanoseconds(seconds(4)).count();
  EXPECT_DOUBLE_EQ(control.ElapsedSeconds(), 6.0);
  EXPECT_TRUE(control.Poll(2048));
  EXPECT_EQ(control.reason(), StopReason::kTimeLimit);
}

TEST(SearchControl, AStopWakesAPausedSearch) {
  StopToken token;
  SearchControl control(Limits{}, &token);
  token.Pause();
  std::atomic<int> result{-1};
  std::thread search([&] { result = control.Poll(1024) ? 1 : 0; });
  token.Stop(StopReason::kCancelled);
  search.join();
  EXPECT_EQ(result, 1);
  EXPECT_EQ(control.reason(), StopReason::kCancelled);
}

TEST(ParallelJobs, EveryJobOnceAndEachHandedToTheCallingThread) {
  for (const int threads : {1, 3, 8}) {
    StopToken token;
    SearchControl control(Limits{}, &token);
    std::vector<std::atomic<int>> solved(50);
    std::vector<int> handed(50, 0);
    std::atomic<uint64_t> nodes{0};
    const std::thread::id caller = std::this_thread::get_id();
    bool all_on_caller = true;
    const StopReason r = RunParallelJobs(
        50, threads, control,
        [&](int t, size_t job, SearchControl&) {
          EXPECT_LT(t, threads);
          solved[job].fetch_add(1);
          nodes.fetch_add(job);
          return true;
        },
        [&](size_t job) {
          ++handed[job];
          all_on_caller = all_on_caller && std::this_thread::get_id() == caller;
        },
        [&] { return nodes.load(); });
    EXPECT_EQ(r, StopReason::kCompleted);
    for (int j = 0; j < 50; ++j) {
      EXPECT_EQ(solved[j].load(), 1) << j;
      EXPECT_EQ(handed[j], 1) << j;
    }
    EXPECT_TRUE(all_on_caller);
  }
}

TEST(ParallelJobs, AStopEndsTheRunWithItsReason) {
  StopToken token;
  SearchControl control(Limits{}, &token);
  std::atomic<int> started{0};
  int handed = 0;
  const StopReason r = RunParallelJobs(
      20, 2, control,
      [&](int, size_t job, SearchControl& own) {
        ++started;
        if (job == 3) token.Stop(StopReason::kStopped);
        // A job polls its own control, as a search does, and gives up once stopped.
        return !own.Poll(1);
      },
      [&](size_t) { ++handed; }, [] { return uint64_t{0}; });
  EXPECT_EQ(r, StopReason::kStopped);
  EXPECT_LT(handed, 20);
  EXPECT_LT(started.load(), 20);
}

TEST(RunParallelJobs, AnExceptionInAJobReachesTheCaller) {
  StopToken token;
  SearchControl control(Limits{}, &token);
  EXPECT_THROW(RunParallelJobs(
                   6, 2, control,
                   [](int, size_t job, SearchControl&) {
                     if (job == 3) throw MemoryExhausted("memory: no table for you");
                     return true;
                   },
                   [](size_t) {}, [] { return uint64_t{0}; }),
               MemoryExhausted);
}

// Tables are charged to the process's budget while they live and given back when freed; one past
// the budget is refused with MemoryExhausted, charging nothing.
TEST(LargeArray, TablesAreChargedToTheBudgetAndGivenBack) {
  MemoryBudget& budget = MemoryBudget::Process();
  const size_t limit = budget.limit(), before = budget.allocated();
  budget.SetLimit(before + (size_t{16} << 20));
  {
    LargeArray<uint64_t> table((size_t{8} << 20) / sizeof(uint64_t));
    EXPECT_EQ(budget.allocated(), before + (size_t{8} << 20));
    table[12345] = 7;  // zeroed, writable
    EXPECT_EQ(table[12344], 0u);
    EXPECT_THROW(LargeArray<uint64_t>((size_t{9} << 20) / sizeof(uint64_t)), MemoryExhausted);
    EXPECT_EQ(budget.allocated(), before + (size_t{8} << 20));
  }
  EXPECT_EQ(budget.allocated(), before);
  budget.SetLimit(limit);
}

TEST(Quote, CutsAndEscapesWhatAClientSent) {
  EXPECT_EQ(Quote("bridge"), "'bridge'");
  EXPECT_EQ(Quote("a\nb\x1b[2J'\"\\"), "'a\\nb\\x1b[2J\\'\\\"\\\\'");
  const std::string huge(3 << 20, 'x');
  const std::string q = Quote(huge);
  EXPECT_LT(q.size(), 100u);
  EXPECT_NE(q.find("...(3145728 bytes)"), std::string::npos) << q;
  EXPECT_EQ(Escape("\xff\xfe", 0), "\\xff\\xfe");
  EXPECT_EQ(BoundMessage("a\nb \xc2\xb1 c", 100), "a\\x0ab \xc2\xb1 c");  // UTF-8 kept
  const std::string cut = BoundMessage(std::string(5000, 'x') + "\n", 1024);
  EXPECT_LE(cut.size(), 1024u);
  EXPECT_EQ(cut.substr(cut.size() - 3), "...");
}

TEST(RandomId, IsLongAndUnpredictable) {
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) {
    const std::string id = RandomId("s-");
    ASSERT_EQ(id.size(), 34u);
    ASSERT_EQ(id.rfind("s-", 0), 0u);
    EXPECT_TRUE(seen.insert(id).second);
  }
}

}  // namespace
TEST(Quantile, TheElementAtThatFractionInOrder) {
  const std::vector<double> v = {7, 1, 9, 3, 5, 2, 8, 4, 6, 10};  // 1..10 shuffled
  EXPECT_EQ(Quantile(v, 0), 1);
  EXPECT_EQ(Quantile(v, 0.5), 6);  // the upper median, as Median
  EXPECT_EQ(Median(v), 6);
  EXPECT_EQ(Quantile(v, 0.95), 10);  // floor(9.5) = 9: the last
  EXPECT_EQ(Quantile(v, 0.85), 9);
  EXPECT_EQ(Quantile(v, 1), 10);
  EXPECT_EQ(Quantile({}, 0.95), 0);
  EXPECT_EQ(Quantile({4}, 1), 4);
}

}  // namespace kibitzer::core
