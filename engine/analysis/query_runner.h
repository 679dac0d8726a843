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
// - Turns in time (with a time slice): when every worker is busy and the search next in turn is
//   of a client with fewer searches running than another's that has run a whole slice, that
//   search is paused (StopToken::Pause; its threads wait at their next poll, holding their
//   memory) and waits again at its client's turn, and the next one runs. So a long search of one
//   client does not hold a worker from another for longer than a slice, and two clients on one
//   worker take it in turns. A paused search resumes where it stopped; its results are those it
//   would have had unpaused (its time limit counts only the time it ran). At most `threads`
//   searches are paused at once.
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
#include <deque>
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
    // How long a search runs before another client's may take its worker; 0: never.
    std::chrono::milliseconds time_slice{0};
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
  // Wakes every quarter slice to pause a search for another client's where that is due.
  void SliceLoop();
  // The waiting search to start next (waiting_ not empty; mu_ held).
  std::vector<std::shared_ptr<Query>>::iterator NextToStart();
  // Starts (or resumes) waiting searches while workers are free (mu_ held).
  void Dispatch();
  // Counts `query` (waiting or paused, out of waiting_) as running (mu_ held).
  void TakeWorker(Query& query);
  // Pauses a running search for the one next in turn where the turns in time say so (mu_ held).
  void Preempt();
  void RunQuery(Query& query);
  void Finish(Query& query, core::Report report);

  Options options_;
  mutable std::mutex mu_;
  std::condition_variable work_cv_;
  std::condition_variable idle_cv_;
  std::map<std::string, std::shared_ptr<Query>> queries_;  // running or waiting
  std::vector<std::shared_ptr<Query>> waiting_;            // not yet started, or paused
  std::deque<std::shared_ptr<Query>> ready_;               // started, for an idle thread to run
  int running_ = 0;                                        // searches running, not paused
  int paused_ = 0;
  int idle_threads_ = 0;
  std::map<std::string, Client> clients_;  // those with a search running or waiting
  uint64_t next_sequence_ = 0;
  int64_t starts_ = 0;
  core::Rng id_rng_;
  bool shutting_down_ = false;
  std::vector<std::thread> workers_;  // `threads` at first; one more for each search paused
  std::condition_variable slice_cv_;
  std::thread slicer_;
};

}  // namespace kibitzer::analysis
