#include "engine/analysis/query_runner.h"

#include <algorithm>
#include <exception>
#include <tuple>

#include "absl/strings/str_format.h"
#include "engine/core/random_id.h"
#include "engine/core/search_control.h"

namespace kibitzer::analysis {

namespace {

// The frame on the report, and the units its figures leave unsaid (core::Statistic).
void Stamp(const core::ReportFrame& frame, core::Report& report) {
  report.frame = frame;
  for (core::MoveValue& mv : report.moves) {
    for (core::Statistic& m : mv.metrics) {
      if (m.unit == core::ValueUnit::kUnspecified) m.unit = frame.unit;
    }
  }
  for (core::Statistic& s : report.statistics) {
    if (s.unit == core::ValueUnit::kUnspecified) s.unit = core::ValueUnit::kCount;
  }
}

}  // namespace

// Forwards progress at most once per interval, each report stamped with the search's frame;
// final reports always pass.
class PacedSink final : public core::ProgressSink {
 public:
  PacedSink(core::ProgressSink* inner, std::chrono::milliseconds interval,
            const core::ReportFrame* frame)
      : inner_(inner), interval_(interval), frame_(frame) {}
  void OnProgress(const core::Report& report) override {
    const auto now = std::chrono::steady_clock::now();
    if (interval_.count() > 0 && now < next_) return;
    next_ = now + interval_;
    stamped_ = report;
    Stamp(*frame_, stamped_);
    inner_->OnProgress(stamped_);
  }
  void OnFinished(const core::Report& report) override { inner_->OnFinished(report); }

 private:
  core::ProgressSink* inner_;
  std::chrono::milliseconds interval_;
  const core::ReportFrame* frame_;
  core::Report stamped_;  // reused: its vectors keep their capacity between reports
  std::chrono::steady_clock::time_point next_{};
};

struct QueryRunner::Query {
  std::string id;
  uint64_t sequence = 0;
  Submission submission;
  core::StopToken token;
  core::MemoryReservation memory;  // its tables', from admission until it has ended
  core::ReportFrame frame;         // stamped on every report
  // Guarded by QueryRunner::mu_. Waiting: neither running nor paused (in waiting_); running: it
  // has a worker (ready_ or a thread); paused: its threads wait in their polls (in waiting_).
  bool running = false;
  bool paused = false;
  int cores = 1;  // the runner's threads it takes while running (SearchTask::Threads)
  bool finished = false;
  std::chrono::steady_clock::time_point slice_start;  // when it last started or resumed
  std::chrono::steady_clock::time_point submitted;
};

QueryRunner::QueryRunner(Options options) : options_(options) {
  options_.threads = std::max(1, options_.threads);
  options_.max_queries = std::max(1, options_.max_queries);
  if (options_.max_queries_per_client <= 0) options_.max_queries_per_client = options_.max_queries;
  options_.max_queries_per_client = std::min(options_.max_queries_per_client, options_.max_queries);
  options_.time_slice = std::max(options_.time_slice, std::chrono::milliseconds(0));
  options_.max_queue_time = std::max(options_.max_queue_time, std::chrono::milliseconds(0));
  options_.aging_step = std::max(options_.aging_step, std::chrono::milliseconds(1));
  idle_threads_ = options_.threads;
  workers_started_ = options_.threads;
  for (int i = 0; i < options_.threads; ++i) workers_.Start([this] { WorkerLoop(); });
  if (options_.time_slice.count() > 0 || options_.max_queue_time.count() > 0) {
    workers_.Start([this] { HousekeepingLoop(); });
  }
}

QueryRunner::~QueryRunner() { Shutdown(); }

absl::StatusOr<std::string> QueryRunner::Submit(Submission submission) {
  auto query = std::make_shared<Query>();
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (shutting_down_) return absl::UnavailableError("the server is shutting down");
    if (static_cast<int>(queries_.size()) >= options_.max_queries) {
      return absl::ResourceExhaustedError(absl::StrFormat(
          "busy: %d searches are running or waiting, the limit is %d; try again later",
          queries_.size(), options_.max_queries));
    }
    if (absl::Status s =
            query->memory.Take(*options_.memory, submission.task->TableBytes(), "this search");
        !s.ok()) {
      return s;
    }
    // A client new to the queue joins the end of the turn.
    Client& client =
        clients_.try_emplace(submission.client, Client{0, 0, 2 * starts_ - 1, {}}).first->second;
    const int limit = submission.client_limit > 0
                          ? std::min(submission.client_limit, options_.max_queries_per_client)
                          : options_.max_queries_per_client;
    if (client.queries >= limit) {
      const int queries = client.queries;
      if (queries == 0) clients_.erase(submission.client);
      return absl::ResourceExhaustedError(absl::StrFormat(
          "busy: this client has %d searches running or waiting, the limit per client is %d; "
          "try again later",
          queries, limit));
    }
    ++client.queries;
    do {
      query->id = core::RandomId(options_.id_prefix);
    } while (queries_.count(query->id) != 0);
    query->cores = std::clamp(submission.task->Threads(), 1, options_.threads);
    query->frame = core::FrameOf(*submission.task, submission.limits);
    query->sequence = next_sequence_++;
    query->submitted = options_.now();
    query->submission = std::move(submission);
    queries_[query->id] = query;
    waiting_.push_back(query);
    Dispatch();
  }
  return query->id;
}

bool QueryRunner::Stop(const std::string& id, core::StopReason reason, const std::string* owner) {
  std::shared_ptr<Query> unstarted;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = queries_.find(id);
    if (it == queries_.end()) return false;
    if (owner != nullptr && it->second->submission.client != *owner) return false;
    Query& query = *it->second;
    if (query.paused) {
      // It wakes to stop, and takes a worker again to finish.
      waiting_.erase(std::find(waiting_.begin(), waiting_.end(), it->second));
      TakeWorker(query);
    } else if (!query.running) {
      // Not in waiting_ when the queue bound has just taken it (Tick finishes it then).
      unstarted = it->second;
      auto waiting = std::find(waiting_.begin(), waiting_.end(), unstarted);
      if (waiting != waiting_.end()) waiting_.erase(waiting);
    }
    query.token.Stop(reason);
  }
  if (unstarted) {
    core::Report report;
    report.final = true;
    report.stop_reason = unstarted->token.reason();
    report.message = "stopped before it started: no moves were searched";
    Finish(*unstarted, std::move(report));
  }
  return true;
}

void QueryRunner::Shutdown() {
  std::vector<std::string> ids;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (shutting_down_ && workers_started_ == 0) return;
    shutting_down_ = true;
    for (const auto& [id, q] : queries_) ids.push_back(id);
  }
  for (const auto& id : ids) Stop(id, core::StopReason::kShutdown);
  {
    std::unique_lock<std::mutex> lock(mu_);
    idle_cv_.wait(lock, [this] { return queries_.empty(); });
  }
  work_cv_.notify_all();
  slice_cv_.notify_all();
  // No thread is added once shutting down (Dispatch starts nothing then).
  workers_.Join();
  std::lock_guard<std::mutex> lock(mu_);
  workers_started_ = 0;
}

int QueryRunner::active() const {
  std::lock_guard<std::mutex> lock(mu_);
  return static_cast<int>(queries_.size());
}

void QueryRunner::WorkerLoop() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    work_cv_.wait(lock, [this] { return !ready_.empty() || shutting_down_; });
    if (ready_.empty()) return;  // shutting down, nothing left to run
    std::shared_ptr<Query> query = std::move(ready_.front());
    ready_.pop_front();
    --idle_threads_;
    lock.unlock();
    RunQuery(*query);
    query.reset();
    lock.lock();
    ++idle_threads_;
    Dispatch();  // its worker is free
  }
}

void QueryRunner::HousekeepingLoop() {
  // A quarter of the shorter of the slice and the queue bound (those that are set).
  auto tick = std::chrono::milliseconds::max();
  for (const auto every : {options_.time_slice, options_.max_queue_time}) {
    if (every.count() > 0) tick = std::min(tick, every / 4);
  }
  tick = std::max(tick, std::chrono::milliseconds(1));
  std::unique_lock<std::mutex> lock(mu_);
  while (!shutting_down_) {
    slice_cv_.wait_for(lock, tick);
    if (shutting_down_) break;
    lock.unlock();
    Tick();
    lock.lock();
  }
}

void QueryRunner::Tick() {
  std::vector<std::shared_ptr<Query>> expired;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (shutting_down_) return;
    expired = TakeExpired(options_.now());
    if (options_.time_slice.count() > 0) Preempt();
  }
  for (const auto& query : expired) {
    core::Report report;
    report.final = true;
    report.stop_reason = core::StopReason::kQueueTime;
    report.message = absl::StrFormat(
        "waited %d ms for a worker without starting (the server's longest wait); no moves were "
        "searched; retry later",
        options_.max_queue_time.count());
    Finish(*query, std::move(report));
  }
}

std::vector<std::shared_ptr<QueryRunner::Query>> QueryRunner::TakeExpired(
    std::chrono::steady_clock::time_point now) {
  std::vector<std::shared_ptr<Query>> expired;
  if (options_.max_queue_time.count() == 0) return expired;
  for (auto it = waiting_.begin(); it != waiting_.end();) {
    Query& q = **it;
    // A paused search has started; it resumes in its client's turn.
    if (!q.paused && now - q.submitted >= options_.max_queue_time) {
      q.token.Stop(core::StopReason::kQueueTime);
      expired.push_back(std::move(*it));
      it = waiting_.erase(it);
    } else {
      ++it;
    }
  }
  return expired;
}

void QueryRunner::Dispatch() {
  if (shutting_down_) return;
  const auto now = options_.now();
  while (!waiting_.empty()) {
    auto next = NextToStart();
    // A search waits until its threads are free (the one next in turn goes first).
    if (running_ + (*next)->cores > options_.threads) break;
    std::shared_ptr<Query> query = *next;
    waiting_.erase(next);
    const bool paused = query->paused;
    TakeWorker(*query);
    clients_.at(query->submission.client).turn = 2 * ++starts_;
    query->slice_start = now;
    if (paused) {
      query->token.Resume();  // its threads go on where they waited
      continue;
    }
    ready_.push_back(std::move(query));
    // Every thread may be busy with a search or held by a paused one: then one more.
    if (idle_threads_ < static_cast<int>(ready_.size())) {
      ++idle_threads_;
      ++workers_started_;
      workers_.Start([this] { WorkerLoop(); });
    }
    work_cv_.notify_one();
  }
}

void QueryRunner::TakeWorker(Query& query) {
  if (query.paused) {
    query.paused = false;
    --paused_;
  }
  query.running = true;
  running_ += query.cores;
  Client& client = clients_.at(query.submission.client);
  client.running += query.cores;
  ++client.running_by_name[query.submission.name];
}

void QueryRunner::LeaveWorker(Client& client, const Query& query) {
  client.running -= query.cores;
  auto named = client.running_by_name.find(query.submission.name);
  if (--named->second == 0) client.running_by_name.erase(named);
}

void QueryRunner::Preempt() {
  if (shutting_down_ || waiting_.empty()) return;
  const Query& next = **NextToStart();
  if (running_ + next.cores <= options_.threads) return;
  // However many are paused, a search that has not started may pause another: a paused search's
  // tables were reserved at its admission, so pausing holds no memory the budget does not count,
  // and a cap here would let the paused ones take turns among themselves for ever.
  const auto now = options_.now();
  const Client& waiting = clients_.at(next.submission.client);
  // Of the searches that have had a whole slice, one of the client running the most threads, if
  // that client runs more than the next one's and, where the swap would put the next one's ahead,
  // comes after it in the turn: the one that has run longest since it (re)started.
  std::shared_ptr<Query> victim;
  int victim_running = 0;
  for (const auto& [id, query] : queries_) {
    if (!query->running || now - query->slice_start < options_.time_slice) continue;
    const Client& client = clients_.at(query->submission.client);
    const int running = client.running;
    const bool swap_puts_it_ahead = running - query->cores < waiting.running + next.cores;
    if (running <= waiting.running || (swap_puts_it_ahead && client.turn < waiting.turn)) {
      continue;
    }
    if (!victim || running > victim_running ||
        (running == victim_running && query->slice_start < victim->slice_start)) {
      victim = query;
      victim_running = running;
    }
  }
  if (!victim) return;
  victim->running = false;
  victim->paused = true;
  running_ -= victim->cores;
  ++paused_;
  LeaveWorker(clients_.at(victim->submission.client), *victim);
  victim->token.Pause();
  waiting_.push_back(victim);
  Dispatch();
}

std::vector<std::shared_ptr<QueryRunner::Query>>::iterator QueryRunner::NextToStart() {
  // Which client's turn it is, then that client's most urgent search.
  const auto now = options_.now();
  auto key = [this, now](const Query& q) {
    const Client& c = clients_.at(q.submission.client);
    const auto named = c.running_by_name.find(q.submission.name);
    const int name_running = named == c.running_by_name.end() ? 0 : named->second;
    const int64_t aged = q.submission.priority + (now - q.submitted) / options_.aging_step;
    return std::make_tuple(c.running, c.turn, name_running, -aged, q.sequence);
  };
  auto best = waiting_.begin();
  for (auto it = std::next(best); it != waiting_.end(); ++it) {
    if (key(**it) < key(**best)) best = it;
  }
  return best;
}

void QueryRunner::RunQuery(Query& query) {
  Submission& sub = query.submission;
  PacedSink paced(sub.sink.get(), sub.progress_interval, &query.frame);
  core::SearchControl control(sub.limits, &query.token, sub.progress_interval);
  core::Report report;
  try {
    report = sub.task->Run(control, paced);
  } catch (const std::exception& e) {
    report = core::Report{};
    report.stop_reason = core::StopReason::kError;
    report.message = e.what();
  }
  // A stop from outside (or a limit seen by the control) explains the end better than the task.
  if (control.stopped() && report.stop_reason != core::StopReason::kError) {
    report.stop_reason = control.reason();
  }
  if (report.stop_reason == core::StopReason::kNone)
    report.stop_reason = core::StopReason::kCompleted;
  if (report.stop_reason == core::StopReason::kError && report.message.empty()) {
    report.message = "the search failed without saying why";
  }
  report.final = true;
  report.elapsed_seconds = control.ElapsedSeconds();
  sub.task.reset();  // free the search's memory before telling the client it is done
  query.memory.Release();
  Finish(query, std::move(report));
}

void QueryRunner::Finish(Query& query, core::Report report) {
  std::shared_ptr<Query> keep;  // the map may hold the last reference; drop it outside the lock
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (query.finished) return;
    query.finished = true;
    query.memory.Release();
    if (query.paused) {
      // It ended without polling again since it was paused.
      auto it = std::find_if(waiting_.begin(), waiting_.end(),
                             [&](const auto& q) { return q.get() == &query; });
      if (it != waiting_.end()) waiting_.erase(it);
      query.paused = false;
      --paused_;
    } else if (query.running) {
      running_ -= query.cores;
    }
    auto client = clients_.find(query.submission.client);
    if (client != clients_.end()) {
      if (query.running) LeaveWorker(client->second, query);
      if (--client->second.queries == 0) clients_.erase(client);
    }
    // Forget the id before the client hears the end, so a Stop after the final report is
    // answered "unknown" rather than "stopped".
    auto it = queries_.find(query.id);
    if (it != queries_.end()) {
      keep = std::move(it->second);
      queries_.erase(it);
    }
  }
  Stamp(query.frame, report);
  if (query.submission.sink) query.submission.sink->OnFinished(report);
  idle_cv_.notify_all();
}

}  // namespace kibitzer::analysis
