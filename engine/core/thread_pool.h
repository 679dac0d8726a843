// The process's threads. Every thread the engine and the server run work on is started here and,
// when its work ends, kept for the next (up to kKeepIdle idle ones): the query runner's workers,
// the search driver's sample workers, the tarok root split, bridge batches and match games all
// borrow theirs from ThreadPool::Process(). How many a search may use is the query runner's
// admission (SearchTask::Threads); the pool itself never makes work wait: a task with no idle
// thread to take it gets a new one, so nested borrowing (a search's helper starting helpers of
// its own) cannot deadlock.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>

namespace kibitzer::core {

class ThreadPool {
 public:
  // Idle threads kept for later work; past this, a thread whose task ends exits.
  static constexpr int kKeepIdle = 64;

  // The process's pool (never destroyed: its idle threads wait until the process exits).
  static ThreadPool& Process();

  ThreadPool() = default;
  // Ends the idle threads and waits for them; every task must have returned.
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  // Runs `task` on an idle thread, or a new one. An exception leaving `task` ends the process,
  // as one leaving a std::thread's function does.
  void Post(std::function<void()> task);

  // Threads started so far, and idle now (for tests).
  int started() const;
  int idle() const;

 private:
  void Loop();

  mutable std::mutex mu_;
  std::condition_variable ready_;
  std::condition_variable gone_;
  std::deque<std::function<void()>> tasks_;
  int idle_ = 0;
  int started_ = 0;
  int live_ = 0;
  bool closing_ = false;
};

// Tasks started together on the pool and waited for together: what a vector of std::thread and
// their joins were.
class ThreadGroup {
 public:
  explicit ThreadGroup(ThreadPool& pool = ThreadPool::Process()) : pool_(pool) {}
  ~ThreadGroup() { Join(); }
  ThreadGroup(const ThreadGroup&) = delete;
  ThreadGroup& operator=(const ThreadGroup&) = delete;

  void Start(std::function<void()> task);
  // Waits until every task started has returned (later Starts may follow).
  void Join();

 private:
  ThreadPool& pool_;
  std::mutex mu_;
  std::condition_variable done_;
  int running_ = 0;
};

}  // namespace kibitzer::core
