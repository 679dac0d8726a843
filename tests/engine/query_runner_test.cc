// QueryRunner: admission, priority, stop, exactly one final report, shutdown.
#include "engine/analysis/query_runner.h"

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "gtest/gtest.h"

namespace kibitzer::analysis {
namespace {

// A search that runs until stopped (polling like a real one), or until `release` is set.
class SpinTask final : public core::SearchTask {
 public:
  SpinTask(std::atomic<int>* runs, std::atomic<bool>* release, std::vector<int>* order = nullptr,
           std::mutex* order_mu = nullptr, int tag = 0)
      : runs_(runs), release_(release), order_(order), order_mu_(order_mu), tag_(tag) {}
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
    while (!control.Poll(++nodes) && !*release_) std::this_thread::yield();
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

}  // namespace
}  // namespace kibitzer::analysis
