#include "engine/analysis/query_runner.h"

#include <algorithm>
#include <exception>
#include <random>
#include <tuple>

#include "absl/strings/str_format.h"
#include "engine/core/search_control.h"

namespace kibitzer::analysis {

// Forwards progress at most once per interval; final reports always pass.
class PacedSink final : public core::ProgressSink {
 public:
  PacedSink(core::ProgressSink* inner, std::chrono::milliseconds interval)
      : inner_(inner), interval_(interval) {}
  void OnProgress(const core::Report& report) override {
    const auto now = std::chrono::steady_clock::now();
    if (interval_.count() > 0 && now < next_) return;
    next_ = now + interval_;
    inner_->OnProgress(report);
  }
  void OnFinished(const core::Report& report) override { inner_->OnFinished(report); }

 private:
  core::ProgressSink* inner_;
  std::chrono::milliseconds interval_;
  std::chrono::steady_clock::time_point next_{};
};

struct QueryRunner::Query {
  std::string id;
  uint64_t sequence = 0;
  Submission submission;
  core::StopToken token;
  bool running = false;
  bool finished = false;  // guarded by QueryRunner::mu_
};

QueryRunner::QueryRunner(Options options)
    : options_(options),
      id_rng_(std::random_device{}() ^ (uint64_t{std::random_device{}()} << 32)) {
  options_.threads = std::max(1, options_.threads);
  options_.max_queries = std::max(1, options_.max_queries);
  if (options_.max_queries_per_client <= 0) options_.max_queries_per_client = options_.max_queries;
  options_.max_queries_per_client = std::min(options_.max_queries_per_client, options_.max_queries);
  for (int i = 0; i < options_.threads; ++i) workers_.emplace_back([this] { WorkerLoop(); });
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
    // A client new to the queue joins the end of the turn.
    Client& client =
        clients_.try_emplace(submission.client, Client{0, 0, 2 * starts_ - 1}).first->second;
    if (client.queries >= options_.max_queries_per_client) {
      return absl::ResourceExhaustedError(absl::StrFormat(
          "busy: this client has %d searches running or waiting, the limit per client is %d; "
          "try again later",
          client.queries, options_.max_queries_per_client));
    }
    ++client.queries;
    do {
      query->id = absl::StrFormat("s-%016x", id_rng_.Next());
    } while (queries_.count(query->id) != 0);
    query->sequence = next_sequence_++;
    query->submission = std::move(submission);
    queries_[query->id] = query;
    waiting_.push_back(query);
  }
  work_cv_.notify_one();
  return query->id;
}

bool QueryRunner::Stop(const std::string& id, core::StopReason reason) {
  std::shared_ptr<Query> unstarted;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = queries_.find(id);
    if (it == queries_.end()) return false;
    it->second->token.Stop(reason);
    if (!it->second->running) {
      unstarted = it->second;
      waiting_.erase(std::find(waiting_.begin(), waiting_.end(), unstarted));
    }
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
    if (shutting_down_ && workers_.empty()) return;
    shutting_down_ = true;
    for (const auto& [id, q] : queries_) ids.push_back(id);
  }
  for (const auto& id : ids) Stop(id, core::StopReason::kShutdown);
  {
    std::unique_lock<std::mutex> lock(mu_);
    idle_cv_.wait(lock, [this] { return queries_.empty(); });
  }
  work_cv_.notify_all();
  for (auto& w : workers_) w.join();
  workers_.clear();
}

int QueryRunner::active() const {
  std::lock_guard<std::mutex> lock(mu_);
  return static_cast<int>(queries_.size());
}

void QueryRunner::WorkerLoop() {
  for (;;) {
    std::shared_ptr<Query> query;
    {
      std::unique_lock<std::mutex> lock(mu_);
      work_cv_.wait(lock, [this] { return !waiting_.empty() || shutting_down_; });
      if (waiting_.empty()) return;  // shutting down, nothing left to run
      auto next = NextToStart();
      query = *next;
      waiting_.erase(next);
      query->running = true;
      Client& client = clients_.at(query->submission.client);
      ++client.running;
      client.turn = 2 * ++starts_;
    }
    RunQuery(*query);
  }
}

std::vector<std::shared_ptr<QueryRunner::Query>>::iterator QueryRunner::NextToStart() {
  // Which client's turn it is, then that client's most urgent search.
  auto key = [this](const Query& q) {
    const Client& c = clients_.at(q.submission.client);
    return std::make_tuple(c.running, c.turn, -q.submission.priority, q.sequence);
  };
  auto best = waiting_.begin();
  for (auto it = std::next(best); it != waiting_.end(); ++it) {
    if (key(**it) < key(**best)) best = it;
  }
  return best;
}

void QueryRunner::RunQuery(Query& query) {
  Submission& sub = query.submission;
  PacedSink paced(sub.sink.get(), sub.progress_interval);
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
  Finish(query, std::move(report));
}

void QueryRunner::Finish(Query& query, core::Report report) {
  std::shared_ptr<Query> keep;  // the map may hold the last reference; drop it outside the lock
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (query.finished) return;
    query.finished = true;
    auto client = clients_.find(query.submission.client);
    if (client != clients_.end()) {
      if (query.running) --client->second.running;
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
  if (query.submission.sink) query.submission.sink->OnFinished(report);
  idle_cv_.notify_all();
}

}  // namespace kibitzer::analysis
