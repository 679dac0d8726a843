// What a runner job (a Deal, the Bridge service's calls) hands its call: the response made from
// the job's answer once it completed, else the status of why it ended.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "engine/core/game.h"

namespace kibitzer::service {

// The status of a job or call that ended for `reason` (not completed): UNAVAILABLE at shutdown,
// DEADLINE_EXCEEDED on a time limit, RESOURCE_EXHAUSTED when it waited too long or its memory
// could not be had, INTERNAL on another failure (`message` says which), else CANCELLED.
absl::Status JobStatus(core::StopReason reason, const std::string& message);

template <typename Response>
using JobDone = std::function<void(absl::StatusOr<Response>)>;

// Hands a job's final report to `done`: `make(answer)` when the job completed (with the job's
// nodes and time, for responses that carry them), else JobStatus of why it ended.
template <typename Response, typename Answer>
class JobSink final : public core::ProgressSink {
 public:
  JobSink(std::shared_ptr<Answer> answer, std::function<absl::StatusOr<Response>(Answer&)> make,
          JobDone<Response> done)
      : answer_(std::move(answer)), make_(std::move(make)), done_(std::move(done)) {}
  void OnProgress(const core::Report&) override {}
  void OnFinished(const core::Report& report) override {
    if (report.stop_reason != core::StopReason::kCompleted) {
      done_(JobStatus(report.stop_reason, report.message));
      return;
    }
    absl::StatusOr<Response> response = make_(*answer_);
    if constexpr (requires(Response r) { r.set_nodes(0); }) {
      if (response.ok()) {
        response->set_nodes(static_cast<int64_t>(report.nodes));
        response->set_elapsed_ms(std::chrono::duration_cast<std::chrono::milliseconds>(
                                     std::chrono::steady_clock::now() - start_)
                                     .count());
      }
    }
    done_(std::move(response));
  }

 private:
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::shared_ptr<Answer> answer_;
  std::function<absl::StatusOr<Response>(Answer&)> make_;
  JobDone<Response> done_;
};

// Starts a job with `start(done)` (which returns its id, or why it was refused) and blocks until
// `done` is called; once `stop` (optional) is stopped, `cancel(id, its reason)` stops the job.
template <typename Response>
absl::StatusOr<Response> AwaitJob(
    const std::function<absl::StatusOr<std::string>(JobDone<Response>)>& start,
    core::StopToken* stop,
    const std::function<void(const std::string&, core::StopReason)>& cancel) {
  struct Result {
    std::mutex mu;
    std::condition_variable cv;
    std::optional<absl::StatusOr<Response>> value;
  };
  auto result = std::make_shared<Result>();
  absl::StatusOr<std::string> id = start([result](absl::StatusOr<Response> r) {
    std::lock_guard<std::mutex> lock(result->mu);
    result->value = std::move(r);
    result->cv.notify_all();
  });
  if (!id.ok()) return id.status();
  std::unique_lock<std::mutex> lock(result->mu);
  bool cancelled = false;
  while (!result->value.has_value()) {
    result->cv.wait_for(lock, std::chrono::milliseconds(20));
    if (!cancelled && stop != nullptr && stop->stopped()) {
      cancelled = true;
      lock.unlock();
      cancel(*id, stop->reason());
      lock.lock();
    }
  }
  return *std::move(result->value);
}

}  // namespace kibitzer::service
