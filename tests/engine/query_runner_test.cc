// QueryRunner: admission, priority, stop, exactly one final report, shutdown.
#include "engine/analysis/query_runner.h"

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "gtest/gtest.h"

namespace kibitzer::analysis {
namespace {

// A search that runs until stopped (polling like a real one), or until `release` is set;
// `polls` (optional) counts its polls.
class SpinTask final : public core::SearchTask {
 public:
  SpinTask(std::atomic<int>* runs, std::atomic<bool>* release, std::vector<int>* order = nullptr,
           std::mutex* order_mu = nullptr, int tag = 0, std::atomic<uint64_t>* polls = nullptr)
      : runs_(runs),
        release_(release),
        order_(order),
        order_mu_(order_mu),
        tag_(tag),
        polls_(polls) {}
  core::Report Run(core::SearchControl& control, core::ProgressSink& sink) override {
    ++*runs_;
    if (order_ != nullptr) {
      std::lock_guard<std::mutex> lock(*order_mu_);
      order_->push_back(tag_);
    }
    core::Report progress;
    progress.nodes = 1;
    sink.OnProgress(progress);
    uint64_t nodes = 0;
    while (!control.Poll(++nodes) && !*release_) {
      if (polls_ != nullptr) ++*polls_;
      std::this_thread::yield();
    }
    core::Report r;
    r.nodes = nodes;
    r.stop_reason = core::StopReason::kCompleted;
    return r;
  }

 private:
  std::atomic<int>* runs_;
  std::atomic<bool>* release_;
  std::vector<int>* order_;
  std::mutex* order_mu_;
  int tag_;
  std::atomic<uint64_t>* polls_;
};

class WaitSink final : public core::ProgressSink {
 public:
  void OnProgress(const core::Report&) override { ++progress; }
  void OnFinished(const core::Report& r) override {
    std::lock_guard<std::mutex> lock(mu);
    ++finals;
    reason = r.stop_reason;
    final_flag = r.final;
    cv.notify_all();
  }
  void WaitFinished() {
    std::unique_lock<std::mutex> lock(mu);
    cv.wait(lock, [this] { return finals > 0; });
  }
  // Whether it finished within a minute (a liveness guard, not a timing).
  bool WaitFinishedAWhile() {
    std::unique_lock<std::mutex> lock(mu);
    return cv.wait_for(lock, std::chrono::minutes(1), [this] { return finals > 0; });
  }
  std::atomic<int> progress{0};
  std::mutex mu;
  std::condition_variable cv;
  int finals = 0;
  bool final_flag = false;
  core::StopReason reason = core::StopReason::kNone;
};

QueryRunner::Submission Spin(std::atomic<int>* runs, std::atomic<bool>* release,
                             std::shared_ptr<WaitSink> sink, int priority = 0) {
  QueryRunner::Submission s;
  s.task = std::make_unique<SpinTask>(runs, release);
  s.sink = std::move(sink);
  s.priority = priority;
  return s;
}

// Spin for `client`, counting its polls.
QueryRunner::Submission SpinFor(const std::string& client, std::atomic<int>* runs,
                                std::atomic<bool>* release, std::shared_ptr<WaitSink> sink,
                                std::atomic<uint64_t>* polls) {
  QueryRunner::Submission s;
  s.task = std::make_unique<SpinTask>(runs, release, nullptr, nullptr, 0, polls);
  s.sink = std::move(sink);
  s.client = client;
  return s;
}

// Waits (a minute at most, a liveness guard) until `counter` passes `above`.
bool Passes(const std::atomic<uint64_t>& counter, uint64_t above) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::minutes(1);
  while (counter <= above) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::yield();
  }
  return true;
}

TEST(QueryRunner, AdmissionLimitRefusesAtOnceThenFrees) {
  QueryRunner runner({1, 2});
  std::atomic<int> runs{0};
  std::atomic<bool> release{false};
  auto a = std::make_shared<WaitSink>(), b = std::make_shared<WaitSink>();
  auto id_a = runner.Submit(Spin(&runs, &release, a));
  auto id_b = runner.Submit(Spin(&runs, &release, b));
  ASSERT_TRUE(id_a.ok());
  ASSERT_TRUE(id_b.ok());
  EXPECT_NE(*id_a, *id_b);
  auto refused = runner.Submit(Spin(&runs, &release, std::make_shared<WaitSink>()));
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kResourceExhausted);

  EXPECT_TRUE(runner.Stop(*id_a, core::StopReason::kStopped));
  EXPECT_TRUE(runner.Stop(*id_b, core::StopReason::kStopped));
  a->WaitFinished();
  b->WaitFinished();
  EXPECT_EQ(a->reason, core::StopReason::kStopped);
  EXPECT_TRUE(a->final_flag);
  EXPECT_FALSE(runner.Stop(*id_a, core::StopReason::kStopped));  // finished: unknown now
  auto again = runner.Submit(Spin(&runs, &release, std::make_shared<WaitSink>()));
  EXPECT_TRUE(again.ok());
  runner.Shutdown();
}

TEST(QueryRunner, StoppedWhileWaitingFinishesWithoutRunning) {
  QueryRunner runner({1, 4});
  std::atomic<int> runs{0};
  std::atomic<bool> release{false};
  auto running = std::make_shared<WaitSink>(), waiting = std::make_shared<WaitSink>();
  auto id_running = runner.Submit(Spin(&runs, &release, running));
  while (runs == 0) std::this_thread::yield();
  auto id_waiting = runner.Submit(Spin(&runs, &release, waiting));
  ASSERT_TRUE(runner.Stop(*id_waiting, core::StopReason::kStopped));
  waiting->WaitFinished();  // at once, although the only worker is busy
  EXPECT_EQ(waiting->reason, core::StopReason::kStopped);
  EXPECT_EQ(runs, 1);
  release = true;
  running->WaitFinished();
  EXPECT_EQ(running->reason, core::StopReason::kCompleted);
  EXPECT_EQ(running->finals, 1);
  EXPECT_EQ(waiting->finals, 1);
}

TEST(QueryRunner, HigherPriorityStartsFirst) {
  QueryRunner runner({1, 8});
  std::atomic<int> runs{0};
  std::atomic<bool> hold{false}, go{true};
  std::vector<int> order;
  std::mutex order_mu;
  auto blocker = std::make_shared<WaitSink>();
  auto blocker_id = runner.Submit(Spin(&runs, &hold, blocker));
  while (runs == 0) std::this_thread::yield();
  std::vector<std::shared_ptr<WaitSink>> sinks;
  for (int tag : {1, 2, 3}) {
    QueryRunner::Submission s;
    s.task = std::make_unique<SpinTask>(&runs, &go, &order, &order_mu, tag);
    s.priority = tag == 2 ? 5 : 0;
    sinks.push_back(std::make_shared<WaitSink>());
    s.sink = sinks.back();
    ASSERT_TRUE(runner.Submit(std::move(s)).ok());
  }
  runner.Stop(*blocker_id, core::StopReason::kStopped);
  for (auto& s : sinks) s->WaitFinished();
  EXPECT_EQ(order, (std::vector<int>{2, 1, 3}));
}

// One worker; client "a" queues three searches behind its running one, then "b" two and "c" one:
// a free worker goes to the client served longest ago, a client new to the queue joining the end
// of the turn, so "a" does not keep the worker for its queue.
TEST(QueryRunner, ClientsTakeTheWorkersInTurn) {
  QueryRunner runner({1, 16});
  std::atomic<int> runs{0};
  std::atomic<bool> hold{false}, go{true};
  std::vector<int> order;
  std::mutex order_mu;
  QueryRunner::Submission blocker = Spin(&runs, &hold, std::make_shared<WaitSink>());
  blocker.client = "a";
  auto blocker_id = runner.Submit(std::move(blocker));
  ASSERT_TRUE(blocker_id.ok());
  while (runs == 0) std::this_thread::yield();
  std::vector<std::shared_ptr<WaitSink>> sinks;
  // Tags: 10s are a's, 20s b's, 30s c's.
  for (int tag : {11, 12, 13, 21, 22, 31}) {
    QueryRunner::Submission s;
    s.task = std::make_unique<SpinTask>(&runs, &go, &order, &order_mu, tag);
    s.client = std::string(1, static_cast<char>('a' + tag / 10 - 1));
    s.priority = tag == 13 ? 5 : 0;  // first among a's own, and only there
    sinks.push_back(std::make_shared<WaitSink>());
    s.sink = sinks.back();
    ASSERT_TRUE(runner.Submit(std::move(s)).ok());
  }
  runner.Stop(*blocker_id, core::StopReason::kStopped);
  for (auto& s : sinks) s->WaitFinished();
  EXPECT_EQ(order, (std::vector<int>{21, 31, 13, 22, 11, 12}));
}

// Past max_queries_per_client a client is refused, and others still get the places left.
TEST(QueryRunner, OneClientCannotTakeEveryPlace) {
  QueryRunner runner({1, 4, 2});
  std::atomic<int> runs{0};
  std::atomic<bool> release{false};
  std::vector<std::string> ids;
  auto submit = [&](const std::string& client) {
    QueryRunner::Submission s = Spin(&runs, &release, std::make_shared<WaitSink>());
    s.client = client;
    auto id = runner.Submit(std::move(s));
    if (id.ok()) ids.push_back(*id);
    return id.status();
  };
  EXPECT_TRUE(submit("a").ok());
  EXPECT_TRUE(submit("a").ok());
  const absl::Status third = submit("a");
  EXPECT_EQ(third.code(), absl::StatusCode::kResourceExhausted);
  EXPECT_NE(third.message().find("the limit per client is 2"), absl::string_view::npos) << third;
  EXPECT_TRUE(submit("b").ok());
  EXPECT_TRUE(submit("c").ok());
  const absl::Status full = submit("d");  // the server's own limit, 4
  EXPECT_EQ(full.code(), absl::StatusCode::kResourceExhausted);
  EXPECT_NE(full.message().find("the limit is 4"), absl::string_view::npos) << full;
  // One of a's ends: a may queue another.
  EXPECT_TRUE(runner.Stop(ids[0], core::StopReason::kStopped));
  while (runner.active() == 4) std::this_thread::yield();
  EXPECT_TRUE(submit("a").ok());
  runner.Shutdown();
}

TEST(QueryRunner, ShutdownStopsEverySearchOnce) {
  std::atomic<int> runs{0};
  std::atomic<bool> release{false};
  std::vector<std::shared_ptr<WaitSink>> sinks;
  {
    QueryRunner runner({2, 8});
    for (int i = 0; i < 5; ++i) {
      sinks.push_back(std::make_shared<WaitSink>());
      ASSERT_TRUE(runner.Submit(Spin(&runs, &release, sinks.back())).ok());
    }
    runner.Shutdown();
    EXPECT_EQ(runner.active(), 0);
    auto late = runner.Submit(Spin(&runs, &release, std::make_shared<WaitSink>()));
    EXPECT_EQ(late.status().code(), absl::StatusCode::kUnavailable);
  }
  for (auto& s : sinks) {
    EXPECT_EQ(s->finals, 1);
    EXPECT_EQ(s->reason, core::StopReason::kShutdown);
  }
}

TEST(QueryRunner, ProgressIsPacedButFinalAlwaysArrives) {
  QueryRunner runner({1, 2});
  std::atomic<int> runs{0};
  std::atomic<bool> release{true};
  auto sink = std::make_shared<WaitSink>();
  QueryRunner::Submission s = Spin(&runs, &release, sink);
  s.progress_interval = std::chrono::hours(1);
  ASSERT_TRUE(runner.Submit(std::move(s)).ok());
  sink->WaitFinished();
  EXPECT_EQ(sink->progress, 1);  // the first report passes, the interval holds back the rest
  EXPECT_EQ(sink->finals, 1);
}

// Turns in time on one worker, 20 ms slices: searches of clients "a" and "b" counting their polls.
class QueryRunnerSliced : public ::testing::Test {
 protected:
  static QueryRunner::Options Sliced() {
    QueryRunner::Options o{1, 8};
    o.time_slice = std::chrono::milliseconds(20);
    return o;
  }
  // Submits a search of `client` that runs until `release`, and waits until it polls.
  absl::StatusOr<std::string> Start(const std::string& client, std::atomic<bool>* release,
                                    std::shared_ptr<WaitSink> sink, std::atomic<uint64_t>* polls) {
    auto id = runner.Submit(SpinFor(client, &runs, release, std::move(sink), polls));
    if (id.ok()) {
      EXPECT_TRUE(Passes(*polls, 0));
    }
    return id;
  }

  std::atomic<int> runs{0};
  std::atomic<bool> hold{false}, go{true};
  std::atomic<uint64_t> a_polls{0}, b_polls{0};
  std::shared_ptr<WaitSink> a = std::make_shared<WaitSink>(), b = std::make_shared<WaitSink>();
  QueryRunner runner{Sliced()};  // last, so that it stops its searches before the above go
};

// A search of "a" that would run for ever, then a quick one of "b". After a slice "a"'s search
// is paused and "b"'s runs; "a"'s then resumes where it stopped.
TEST_F(QueryRunnerSliced, AnotherClientsSearchTakesTheWorkerAfterASlice) {
  ASSERT_TRUE(Start("a", &hold, a, &a_polls).ok());
  ASSERT_TRUE(runner.Submit(SpinFor("b", &runs, &go, b, &b_polls)).ok());
  ASSERT_TRUE(b->WaitFinishedAWhile());  // without turns in time it would wait for ever
  EXPECT_EQ(b->reason, core::StopReason::kCompleted);
  EXPECT_EQ(a->finals, 0);
  const uint64_t paused_at = a_polls;
  EXPECT_TRUE(Passes(a_polls, paused_at + 100));  // resumed: the same run goes on
  hold = true;
  a->WaitFinished();
  EXPECT_EQ(a->reason, core::StopReason::kCompleted);
  EXPECT_EQ(runs, 2);  // each search started once
}

// Two clients' endless searches on one worker take it in turns.
TEST_F(QueryRunnerSliced, TwoClientsOnOneWorkerTakeItInTurns) {
  ASSERT_TRUE(Start("a", &hold, a, &a_polls).ok());
  ASSERT_TRUE(Start("b", &hold, b, &b_polls).ok());
  for (int turn = 0; turn < 3; ++turn) {
    // Each runs again after the other has run (a pause holds a search at once, but for the
    // poll it may be in).
    ASSERT_TRUE(Passes(a_polls, a_polls + 100)) << turn;
    ASSERT_TRUE(Passes(b_polls, b_polls + 100)) << turn;
  }
  runner.Shutdown();
  EXPECT_EQ(a->reason, core::StopReason::kShutdown);
  EXPECT_EQ(b->reason, core::StopReason::kShutdown);
  EXPECT_EQ(a->finals + b->finals, 2);
}

// A paused search stopped ends at once, while the one that took its worker runs on.
TEST_F(QueryRunnerSliced, APausedSearchStopsAtOnce) {
  auto id_a = Start("a", &hold, a, &a_polls);
  ASSERT_TRUE(id_a.ok());
  ASSERT_TRUE(Start("b", &hold, b, &b_polls).ok());  // "a" is paused now, or about to be
  ASSERT_TRUE(runner.Stop(*id_a, core::StopReason::kStopped));
  ASSERT_TRUE(a->WaitFinishedAWhile());
  EXPECT_EQ(a->reason, core::StopReason::kStopped);
  EXPECT_EQ(b->finals, 0);
  const uint64_t b_at = b_polls;
  EXPECT_TRUE(Passes(b_polls, b_at + 100));
  hold = true;
  b->WaitFinished();
  EXPECT_EQ(b->reason, core::StopReason::kCompleted);
  EXPECT_EQ(runner.active(), 0);
}

// A client's own searches are not sliced: its second waits for its first.
TEST_F(QueryRunnerSliced, OneClientsOwnSearchesAreNotSliced) {
  ASSERT_TRUE(Start("a", &hold, a, &a_polls).ok());
  ASSERT_TRUE(runner.Submit(SpinFor("a", &runs, &go, b, &b_polls)).ok());
  const uint64_t at = a_polls;
  ASSERT_TRUE(Passes(a_polls, at + 10'000));  // many slices' worth of polls
  EXPECT_EQ(runs, 1);
  hold = true;
  a->WaitFinished();
  b->WaitFinished();
  EXPECT_EQ(a->reason, core::StopReason::kCompleted);
  EXPECT_EQ(b->reason, core::StopReason::kCompleted);
}

// A search of `threads` threads that runs until stopped, counting its polls.
class WideSpinTask final : public core::SearchTask {
 public:
  WideSpinTask(int threads, std::atomic<uint64_t>* polls) : threads_(threads), polls_(polls) {}
  int Threads() const override { return threads_; }
  core::Report Run(core::SearchControl& control, core::ProgressSink&) override {
    uint64_t nodes = 0;
    while (!control.Poll(++nodes)) {
      ++*polls_;
      std::this_thread::yield();
    }
    core::Report r;
    r.stop_reason = core::StopReason::kCompleted;
    return r;
  }

 private:
  int threads_;
  std::atomic<uint64_t>* polls_;
};

// Six clients' endless two-thread searches on two threads: every one of them starts (the turns
// count threads, and a fresh search may pause a running one however many are paused already).
// Before, the first three took the workers in turn for ever and the rest never started.
TEST_F(QueryRunnerSliced, EverySearchOfSeveralThreadsGetsItsTurn) {
  QueryRunner::Options o = Sliced();
  o.threads = 2;
  QueryRunner wide(o);
  constexpr int kClients = 6;
  std::vector<std::atomic<uint64_t>> polls(kClients);
  std::vector<std::shared_ptr<WaitSink>> sinks;
  for (int c = 0; c < kClients; ++c) {
    QueryRunner::Submission s;
    s.task = std::make_unique<WideSpinTask>(2, &polls[c]);
    sinks.push_back(std::make_shared<WaitSink>());
    s.sink = sinks.back();
    s.client = "client-" + std::to_string(c);
    ASSERT_TRUE(wide.Submit(std::move(s)).ok());
  }
  for (int c = 0; c < kClients; ++c) EXPECT_TRUE(Passes(polls[c], 0)) << "client " << c;
  // And they go on taking turns: each runs again.
  for (int c = 0; c < kClients; ++c) {
    EXPECT_TRUE(Passes(polls[c], polls[c].load() + 100)) << "client " << c;
  }
  wide.Shutdown();
  for (const auto& sink : sinks) EXPECT_EQ(sink->finals, 1);
}

// A task that says its tables take `bytes` and ends at once.
class TablesTask final : public core::SearchTask {
 public:
  explicit TablesTask(size_t bytes) : bytes_(bytes) {}
  core::Report Run(core::SearchControl&, core::ProgressSink&) override {
    core::Report r;
    r.stop_reason = core::StopReason::kCompleted;
    return r;
  }
  size_t TableBytes() const override { return bytes_; }

 private:
  size_t bytes_;
};

// The search's tables are reserved from the memory budget at admission: one that does not fit is
// refused at once, saying so; the budget is whole again once a search has ended.
TEST(QueryRunner, TablesPastTheMemoryBudgetAreRefusedAtOnce) {
  core::MemoryBudget budget(100 << 20);
  QueryRunner runner({.threads = 1, .max_queries = 4, .memory = &budget});
  QueryRunner::Submission big;
  big.task = std::make_unique<TablesTask>(size_t{101} << 20);
  big.sink = std::make_shared<WaitSink>();
  const auto refused = runner.Submit(std::move(big));
  ASSERT_EQ(refused.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_NE(refused.status().message().find("memory: this search needs 101 MiB"), std::string::npos)
      << refused.status();
  std::atomic<int> runs{0};
  std::atomic<bool> release{false};
  auto holder = std::make_shared<WaitSink>();
  QueryRunner::Submission held;
  held.task = std::make_unique<TablesTask>(size_t{60} << 20);
  held.sink = holder;
  ASSERT_TRUE(runner.Submit(std::move(held)).ok());
  holder->WaitFinished();
  EXPECT_EQ(budget.reserved(), 0u);
  // Two of 60 MiB do not fit at once: the second is refused while the first waits its turn.
  auto spinner = std::make_shared<WaitSink>();
  ASSERT_TRUE(runner.Submit(Spin(&runs, &release, spinner)).ok());  // holds the worker
  QueryRunner::Submission first, second;
  first.task = std::make_unique<TablesTask>(size_t{60} << 20);
  first.sink = std::make_shared<WaitSink>();
  second.task = std::make_unique<TablesTask>(size_t{60} << 20);
  second.sink = std::make_shared<WaitSink>();
  ASSERT_TRUE(runner.Submit(std::move(first)).ok());
  EXPECT_EQ(budget.reserved(), size_t{60} << 20);
  EXPECT_EQ(runner.Submit(std::move(second)).status().code(), absl::StatusCode::kResourceExhausted);
  release = true;
  spinner->WaitFinished();
}

// With one worker held, a waiting search ends when it has waited max_queue_time (on the injected
// clock), with STOP_REASON_QUEUE_TIME and without running; one that started is not ended so.
TEST(QueryRunner, ASearchWaitingPastTheQueueBoundEndsWithoutRunning) {
  std::atomic<int64_t> now_ms{0};
  QueryRunner runner(
      {.threads = 1, .max_queries = 4, .max_queue_time = std::chrono::seconds(30), .now = [&] {
         return std::chrono::steady_clock::time_point(std::chrono::milliseconds(now_ms.load()));
       }});
  std::atomic<int> runs{0};
  std::atomic<bool> release{false};
  auto running = std::make_shared<WaitSink>(), waiting = std::make_shared<WaitSink>();
  ASSERT_TRUE(runner.Submit(Spin(&runs, &release, running)).ok());
  while (runs == 0) std::this_thread::yield();
  ASSERT_TRUE(runner.Submit(Spin(&runs, &release, waiting)).ok());
  now_ms = 29'999;
  runner.Tick();
  EXPECT_EQ(waiting->finals, 0);
  now_ms = 30'000;
  runner.Tick();
  waiting->WaitFinished();
  EXPECT_EQ(waiting->reason, core::StopReason::kQueueTime);
  EXPECT_EQ(runs, 1);  // it never ran
  EXPECT_EQ(running->finals, 0);
  release = true;
  running->WaitFinished();
  EXPECT_EQ(running->reason, core::StopReason::kCompleted);
  EXPECT_EQ(runner.active(), 0);
}

// Within a client, waiting searches age: one of the lowest priority, after waiting 21 aging steps,
// starts before one of the highest submitted later, so a stream of urgent searches cannot hold it
// back for ever.
TEST(QueryRunner, WaitingSearchesAgePastHigherPriorities) {
  std::atomic<int64_t> now_ms{0};
  QueryRunner runner(
      {.threads = 1, .max_queries = 8, .aging_step = std::chrono::seconds(1), .now = [&] {
         return std::chrono::steady_clock::time_point(std::chrono::milliseconds(now_ms.load()));
       }});
  std::atomic<int> runs{0};
  std::atomic<bool> release{false}, go{false};
  std::vector<int> order;
  std::mutex order_mu;
  auto submit = [&](int tag, int priority, std::atomic<bool>* until) {
    QueryRunner::Submission s;
    s.task = std::make_unique<SpinTask>(&runs, until, &order, &order_mu, tag);
    s.sink = std::make_shared<WaitSink>();
    s.priority = priority;
    return runner.Submit(std::move(s));
  };
  ASSERT_TRUE(submit(0, 0, &release).ok());  // holds the worker
  while (runs == 0) std::this_thread::yield();
  ASSERT_TRUE(submit(1, -10, &go).ok());
  now_ms = 21'000;
  ASSERT_TRUE(submit(2, 10, &go).ok());
  go = true;
  release = true;
  while (runs < 3) std::this_thread::yield();
  std::lock_guard<std::mutex> lock(order_mu);
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2}));
}

// Stop with an owner stops only that client's search.
TEST(QueryRunner, StopNamingAnOwnerReachesOnlyItsSearches) {
  QueryRunner runner({.threads = 1, .max_queries = 4});
  std::atomic<int> runs{0};
  std::atomic<bool> release{false};
  std::atomic<uint64_t> polls{0};
  auto sink = std::make_shared<WaitSink>();
  auto id = runner.Submit(SpinFor("alice", &runs, &release, sink, &polls));
  ASSERT_TRUE(id.ok());
  const std::string bob = "bob", alice = "alice";
  EXPECT_FALSE(runner.Stop(*id, core::StopReason::kStopped, &bob));
  EXPECT_EQ(sink->finals, 0);
  EXPECT_TRUE(runner.Stop(*id, core::StopReason::kStopped, &alice));
  sink->WaitFinished();
  EXPECT_EQ(sink->reason, core::StopReason::kStopped);
}

// A search's threads count against the runner's: a search of two threads on a runner of two
// waits until the one-thread search running there has ended, and a one-thread search behind it
// does not pass it.
class WideTask final : public core::SearchTask {
 public:
  WideTask(int threads, std::atomic<bool>* narrow_running, std::atomic<int>* started_while,
           std::vector<int>* order, std::mutex* order_mu, int tag)
      : threads_(threads),
        narrow_running_(narrow_running),
        started_while_(started_while),
        order_(order),
        order_mu_(order_mu),
        tag_(tag) {}
  int Threads() const override { return threads_; }
  core::Report Run(core::SearchControl&, core::ProgressSink&) override {
    if (*narrow_running_) ++*started_while_;
    std::lock_guard<std::mutex> lock(*order_mu_);
    order_->push_back(tag_);
    core::Report r;
    r.stop_reason = core::StopReason::kCompleted;
    return r;
  }

 private:
  int threads_;
  std::atomic<bool>* narrow_running_;
  std::atomic<int>* started_while_;
  std::vector<int>* order_;
  std::mutex* order_mu_;
  int tag_;
};

class NarrowTask final : public core::SearchTask {
 public:
  NarrowTask(std::atomic<bool>* running, std::atomic<bool>* release)
      : running_(running), release_(release) {}
  core::Report Run(core::SearchControl& control, core::ProgressSink&) override {
    *running_ = true;
    while (!*release_ && !control.Poll(1024)) std::this_thread::yield();
    *running_ = false;
    core::Report r;
    r.stop_reason = core::StopReason::kCompleted;
    return r;
  }

 private:
  std::atomic<bool>* running_;
  std::atomic<bool>* release_;
};

TEST(QueryRunner, ASearchWaitsUntilItsThreadsAreFree) {
  QueryRunner runner({.threads = 2, .max_queries = 8});
  std::atomic<bool> narrow_running{false}, release{false};
  std::atomic<int> started_while{0};
  std::vector<int> order;
  std::mutex order_mu;
  auto narrow = std::make_shared<WaitSink>();
  QueryRunner::Submission a;
  a.task = std::make_unique<NarrowTask>(&narrow_running, &release);
  a.sink = narrow;
  ASSERT_TRUE(runner.Submit(std::move(a)).ok());
  while (!narrow_running) std::this_thread::yield();
  std::vector<std::shared_ptr<WaitSink>> sinks;
  for (int tag : {2, 1}) {  // two threads, then one
    QueryRunner::Submission s;
    s.task =
        std::make_unique<WideTask>(tag, &narrow_running, &started_while, &order, &order_mu, tag);
    sinks.push_back(std::make_shared<WaitSink>());
    s.sink = sinks.back();
    ASSERT_TRUE(runner.Submit(std::move(s)).ok());
  }
  release = true;
  narrow->WaitFinished();
  for (auto& s : sinks) s->WaitFinished();
  EXPECT_EQ(started_while, 0);  // neither started beside the running one
  EXPECT_EQ(order, (std::vector<int>{2, 1}));
}

}  // namespace
}  // namespace kibitzer::analysis
