// Independent jobs of one search (say, one exact solve per root move) spread over threads.
//
// `threads` worker threads take jobs 0 .. count - 1 in order as they come free, each polling its
// own SearchControl on the search's stop token. The calling thread does no job: it waits, polls
// `control` (time limit, heartbeat, stop) and hands each finished job to `done`, in the order they
// finish, so that progress is reported from the one thread that owns `control`.
//
// `solve(thread, job, control)` returns false when stopped (the job's result is then not used);
// `nodes()` gives the nodes searched so far by all threads, for the polls. An exception a job
// throws stops the other workers taking jobs and is thrown again here once all are joined.
#pragma once

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

#include "engine/core/first_error.h"
#include "engine/core/search_control.h"
#include "engine/core/thread_pool.h"

namespace kibitzer::core {

// Returns kCompleted when every job was done, else why the search stopped (kError when it was not
// told to stop).
template <typename Solve, typename Done, typename Nodes>
StopReason RunParallelJobs(size_t count, int threads, SearchControl& control, Solve&& solve,
                           Done&& done, Nodes&& nodes) {
  threads = static_cast<int>(
      std::clamp<size_t>(static_cast<size_t>(std::max(threads, 1)), 1, std::max<size_t>(count, 1)));
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<size_t> finished;  // done by a worker, not yet handed to `done`
  size_t next = 0;
  int running = threads;
  bool failed = false;
  FirstError errors;  // what a worker threw, thrown again here once all are joined
  ThreadGroup workers;
  for (int t = 0; t < threads; ++t) {
    workers.Start([&, t] {
      SearchControl own(control.limits(), control.token());
      for (;;) {
        size_t job;
        {
          std::lock_guard<std::mutex> lock(mutex);
          if (failed || next == count) break;
          job = next++;
        }
        bool ok = false;
        errors.Run([&] { ok = solve(t, job, own); });
        std::lock_guard<std::mutex> lock(mutex);
        if (!ok) {
          failed = true;
          break;
        }
        finished.push_back(job);
        changed.notify_one();
      }
      std::lock_guard<std::mutex> lock(mutex);
      --running;
      changed.notify_one();
    });
  }
  size_t handed = 0;
  std::vector<size_t> batch;
  std::unique_lock<std::mutex> lock(mutex);
  for (;;) {
    changed.wait_for(lock, std::chrono::milliseconds(20),
                     [&] { return !finished.empty() || running == 0; });
    const bool over = running == 0;
    batch.swap(finished);
    lock.unlock();
    for (size_t job : batch) {
      done(job);
      ++handed;
    }
    batch.clear();
    // A stop (limit reached here, or a Stop call) reaches the workers through the shared token.
    if (!over) control.Poll(nodes());
    lock.lock();
    if (over && finished.empty()) break;
  }
  lock.unlock();
  workers.Join();
  errors.Rethrow();
  if (handed == count) return StopReason::kCompleted;
  const StopReason r = control.reason();
  return r == StopReason::kNone ? StopReason::kError : r;
}

}  // namespace kibitzer::core
