// QueryRunner: runs prepared searches on a fixed pool of worker threads.
//
// Guarantees:
// - Admission: at most `max_queries` searches are running or waiting, and at most
//   `max_queries_per_client` of one client's; Submit beyond either fails at once with
//   RESOURCE_EXHAUSTED, so an overloaded server refuses work instead of slowing everyone, and one
//   client cannot take every place.
// - Clients take the workers in turn: a free worker starts a search of the client with the fewest
//   searches running, and among those of the client whose last search started longest ago (a
//   client new to the queue joins the end of that turn). A client's own waiting searches start by
//   priority (higher first), then in submission order.
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
    int max_queries_per_client = 0;  // 0: max_queries
  };

  struct Submission {
    std::unique_ptr<core::SearchTask> task;
    core::Limits limits;
    int priority = 0;
    std::chrono::milliseconds progress_interval{0};
    std::shared_ptr<core::ProgressSink> sink;
    std::string client;  // who asked (the server uses the connection's peer); "" is one client too
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
  struct Client {
    int queries = 0;  // running or waiting
    int running = 0;
    // Its place in the turn: 2k when its last search was the k-th to start; 2k - 1 when it came
    // (had nothing running or waiting) after the k-th start, so before the client served then.
    int64_t turn = 0;
  };
  void WorkerLoop();
  // The waiting search to start next (waiting_ not empty; mu_ held).
  std::vector<std::shared_ptr<Query>>::iterator NextToStart();
  void RunQuery(Query& query);
  void Finish(Query& query, core::Report report);

  Options options_;
  mutable std::mutex mu_;
  std::condition_variable work_cv_;
  std::condition_variable idle_cv_;
  std::map<std::string, std::shared_ptr<Query>> queries_;  // running or waiting
  std::vector<std::shared_ptr<Query>> waiting_;
  std::map<std::string, Client> clients_;  // those with a search running or waiting
  uint64_t next_sequence_ = 0;
  int64_t starts_ = 0;
  core::Rng id_rng_;
  bool shutting_down_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace kibitzer::analysis
