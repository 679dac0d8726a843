// QueryRunner: runs prepared searches on worker threads borrowed from the process's thread pool.
//
// Guarantees:
// - Admission: at most `max_queries` searches are running or waiting, and at most
//   `max_queries_per_client` of one client's; Submit beyond either fails at once with
//   RESOURCE_EXHAUSTED, so an overloaded server refuses work instead of slowing everyone, and one
//   client cannot take every place. The search's tables are reserved from the memory budget then
//   too: a search whose tables do not fit gets RESOURCE_EXHAUSTED at once.
// - Clients take the workers in turn: a free worker starts a search of the client with the fewest
//   threads running, and among those of the client whose last search started longest ago (a
//   client new to the queue joins the end of that turn). A client's own waiting searches start by
//   priority (higher first), then in submission order.
// - Turns in time (with a time slice): when the search next in turn has no threads free and its
//   client runs fewer threads than another client one of whose searches has run a whole slice,
//   that search is paused (StopToken::Pause; its threads wait at their next poll, holding their
//   memory, which was reserved at admission) and waits again at its client's turn, and the next
//   one runs. So a long search of one client does not hold a worker from another for longer than
//   a slice, two clients on one worker take it in turns, and searches of several threads take
//   their turns like the rest. A paused search resumes where it stopped; its results are those it
//   would have had unpaused (its time limit counts only the time it ran).
// - Bounded waits: a search that has waited max_queue_time without starting ends then with
//   StopReason::kQueueTime; within a client, waiting searches age (a priority level gained per
//   aging_step waited), so that every admitted search starts or ends within the bound.
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
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/game.h"
#include "engine/core/memory_budget.h"
#include "engine/core/thread_pool.h"

namespace kibitzer::analysis {

class QueryRunner {
 public:
  struct Options {
    int threads = 1;
    int max_queries = 16;
    int max_queries_per_client = 0;  // 0: max_queries
    // How long a search runs before another client's may take its worker; 0: never.
    std::chrono::milliseconds time_slice{0};
    // Longest a search waits for a worker without starting; past it, it ends (StopReason::
    // kQueueTime) without running. 0: no bound.
    std::chrono::milliseconds max_queue_time{0};
    // Within a client, a waiting search gains one priority level for each `aging_step` it has
    // waited, so that a stream of higher-priority searches cannot hold one back for ever.
    std::chrono::milliseconds aging_step{std::chrono::seconds(1)};
    // The clock of the time slices, the queue bound and the aging (tests inject one).
    std::function<std::chrono::steady_clock::time_point()> now = std::chrono::steady_clock::now;
    // Search ids are this and random hex ("s-", or on a named replica "s-NAME-", which a balancer
    // can route a Stop by).
    std::string id_prefix = "s-";
    // The budget a search's tables (SearchTask::TableBytes) are reserved from at admission.
    core::MemoryBudget* memory = &core::MemoryBudget::Process();
  };

  struct Submission {
    std::unique_ptr<core::SearchTask> task;
    core::Limits limits;
    int priority = 0;
    std::chrono::milliseconds progress_interval{0};
    std::shared_ptr<core::ProgressSink> sink;
    // Who asked: the server uses the connection's peer or the authenticated identity; "" is one
    // client too. The per-client limit, the turns and the ownership of the search are its.
    std::string client;
    // A part of the client (its kibitzer-client name): within the client's turns, the part with
    // the fewest searches running goes first. A name never adds places or turns to its client.
    std::string name;
    // The client's own limit on its searches (a token's), at most max_queries_per_client; 0: that.
    int client_limit = 0;
  };

  explicit QueryRunner(Options options);
  ~QueryRunner();
  QueryRunner(const QueryRunner&) = delete;
  QueryRunner& operator=(const QueryRunner&) = delete;

  // Admits a search and returns its id.
  absl::StatusOr<std::string> Submit(Submission submission);
  // Tells a running or waiting search to stop with `reason`; false when the id is unknown (never
  // admitted, or already finished) or, with `owner`, the search is another client's.
  bool Stop(const std::string& id, core::StopReason reason, const std::string* owner = nullptr);
  // Stops every search with kShutdown, waits until each has finished, refuses new ones.
  void Shutdown();

  // Searches running or waiting.
  int active() const;

  // What the housekeeping thread does every quarter of the slice or queue bound: ends the
  // searches that have waited too long and pauses a search for another client's where that is
  // due. Public for tests that drive an injected clock.
  void Tick();

 private:
  struct Query;
  struct Client {
    int queries = 0;  // running or waiting
    int running = 0;  // threads of its searches running
    // Its place in the turn: 2k when its last search was the k-th to start; 2k - 1 when it came
    // (had nothing running or waiting) after the k-th start, so before the client served then.
    int64_t turn = 0;
    std::map<std::string, int> running_by_name;  // of its names with searches running
  };
  void WorkerLoop();
  // Calls Tick every quarter of the time slice or of the queue bound, the shorter.
  void HousekeepingLoop();
  // Takes the searches that have waited past max_queue_time out of the queue (mu_ held).
  std::vector<std::shared_ptr<Query>> TakeExpired(std::chrono::steady_clock::time_point now);
  // The waiting search to start next (waiting_ not empty; mu_ held).
  std::vector<std::shared_ptr<Query>>::iterator NextToStart();
  // Starts (or resumes) waiting searches while workers are free (mu_ held).
  void Dispatch();
  // Counts `query` (waiting or paused, out of waiting_) as running (mu_ held).
  void TakeWorker(Query& query);
  // Counts a search of `client` as no longer running (mu_ held).
  void LeaveWorker(Client& client, const Query& query);
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
  bool shutting_down_ = false;
  std::condition_variable slice_cv_;
  // The worker loops (`threads` at first; one more for each search paused) and the housekeeping
  // loop, on the process's thread pool. Last: joined before anything above goes.
  int workers_started_ = 0;
  core::ThreadGroup workers_;
};

}  // namespace kibitzer::analysis
