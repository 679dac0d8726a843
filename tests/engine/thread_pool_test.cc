// The process's threads: a group's tasks run at once, threads are kept and lent again, nested
// groups cannot deadlock, and no more than kKeepIdle wait idle.
#include "engine/core/thread_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace kibitzer::core {
namespace {

// Runs `n` tasks in a group on `pool`, each waiting until all `n` have begun: they return only if
// they ran at the same time. Returns how many saw all of them.
int RunTogether(ThreadPool& pool, int n) {
  std::mutex mu;
  std::condition_variable all_in;
  int in = 0, met = 0;
  ThreadGroup group(pool);
  for (int i = 0; i < n; ++i) {
    group.Start([&] {
      std::unique_lock<std::mutex> lock(mu);
      if (++in == n) all_in.notify_all();
      if (all_in.wait_for(lock, std::chrono::seconds(30), [&] { return in == n; })) ++met;
    });
  }
  group.Join();
  return met;
}

void WaitIdle(const ThreadPool& pool, int n) {
  while (pool.idle() < n) std::this_thread::yield();
}

TEST(ThreadPool, AGroupsTasksRunAtOnceOnThreadsThatAreLentAgain) {
  ThreadPool pool;
  EXPECT_EQ(RunTogether(pool, 6), 6);
  EXPECT_EQ(pool.started(), 6);
  WaitIdle(pool, 6);
  EXPECT_EQ(RunTogether(pool, 6), 6);
  EXPECT_EQ(pool.started(), 6);  // the same six threads
  WaitIdle(pool, 6);
  EXPECT_EQ(RunTogether(pool, 8), 8);
  EXPECT_EQ(pool.started(), 8);  // two more
}

// A task that starts a group of its own while every thread is busy gets new threads.
TEST(ThreadPool, NestedGroupsDoNotWaitForEachOther) {
  ThreadPool pool;
  std::atomic<int> inner{0};
  ThreadGroup outer(pool);
  for (int i = 0; i < 3; ++i) {
    outer.Start([&] { inner += RunTogether(pool, 3); });
  }
  outer.Join();
  EXPECT_EQ(inner.load(), 9);
}

TEST(ThreadPool, AtMostKeepIdleThreadsWait) {
  ThreadPool pool;
  const int n = ThreadPool::kKeepIdle + 6;
  EXPECT_EQ(RunTogether(pool, n), n);
  WaitIdle(pool, ThreadPool::kKeepIdle);
  EXPECT_EQ(pool.idle(), ThreadPool::kKeepIdle);
  EXPECT_EQ(pool.started(), n);
}

}  // namespace
}  // namespace kibitzer::core
