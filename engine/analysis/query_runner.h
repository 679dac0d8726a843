// QueryRunner: runs prepared searches on a fixed pool of worker threads.
//
// Guarantees:
// - Admission: at most `max_queries` searches are running or waiting; Submit beyond that fails at
//   once with RESOURCE_EXHAUSTED, so an overloaded server refuses work instead of slowing everyone.
// - Waiting searches start by priority (higher first), then in submission order.
// - Every admitted search ends with exactly one ProgressSink::OnFinished, whether it completed,
//   hit a limit, was stopped (Stop), or the runner shut down; a search stopped while waiting is
//   finished at once without running.
// - Progress reaches the sink at most once per the search's progress interval (every report when
//   the interval is zero); the final report is never held back.
// Thread-safety: all methods may be called from any thread. Sinks are called from worker threads,
// and OnFinished also from the thread that calls Stop or Shutdown.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/game.h"
#include "engine/core/rng.h"

namespace kibitzer::analysis {

class QueryRunner {
 public:
  struct Options {
    int threads = 1;
    int max_queries = 16;
  };

  struct Submission {
    std::unique_ptr<core::SearchTask> task;
    core::Limits limits;
    int priority = 0;
    std::chrono::milliseconds progress_interval{0};
    std::shared_ptr<core::ProgressSink> sink;
  };

  explicit QueryRunner(Options options);
  ~QueryRunner();
  QueryRunner(const QueryRunner&) = delete;
  QueryRunner& operator=(const QueryRunner&) = delete;

  // Admits a search and returns its id.
  absl::StatusOr<std::string> Submit(Submission submission);
  // Tells a running or waiting search to stop with `reason`; false when the id is unknown (never
  // admitted, or already finished).
  bool Stop(const std::string& id, core::StopReason reason);
  // Stops every search with kShutdown, waits until each has finished, refuses new ones.
  void Shutdown();

  // Searches running or waiting.
  int active() const;

 private:
  struct Query;
  void WorkerLoop();
  void RunQuery(Query& query);
  void Finish(Query& query, core::Report report);

  Options options_;
  mutable std::mutex mu_;
  std::condition_variable work_cv_;
  std::condition_variable idle_cv_;
  std::map<std::string, std::shared_ptr<Query>> queries_;  // running or waiting
  std::vector<std::shared_ptr<Query>> waiting_;
  uint64_t next_sequence_ = 0;
  core::Rng id_rng_;
  bool shutting_down_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace kibitzer::analysis
