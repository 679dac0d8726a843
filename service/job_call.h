// A unary call answered by a job of the query runner (the Bridge service's calls): it holds no
// thread; the job's end finishes the call. A client that cancels, or whose deadline passes, stops
// the job. The reactor is deleted in OnDone, after Finish; nothing touches it after Finish.
#pragma once

#include <chrono>
#include <functional>
#include <mutex>
#include <string>
#include <utility>

#include "absl/status/statusor.h"
#include "grpcpp/grpcpp.h"
#include "service/grpc_service.h"
#include "service/request_log.h"

namespace kibitzer::service {

template <typename Response>
class JobCall final : public grpc::ServerUnaryReactor {
 public:
  using Done = std::function<void(absl::StatusOr<Response>)>;
  // Checks and admits the job; returns its id, or why it was refused (then `done` is not called).
  using Start = std::function<absl::StatusOr<std::string>(const Caller& caller, Done done)>;
  using Cancel = std::function<void(const std::string& id)>;

  JobCall(grpc::CallbackServerContext* context, const RequestLog* log, const CallerRules* rules,
          std::string method, std::string detail, Response* response, const Start& start,
          Cancel cancel)
      : context_(context),
        log_(log),
        method_(std::move(method)),
        detail_(std::move(detail)),
        peer_(context->peer()),
        response_(response),
        cancel_(std::move(cancel)) {
    const absl::StatusOr<Caller> caller = ClientOf(*context, rules);
    absl::StatusOr<std::string> id =
        caller.ok() ? start(*caller, [this](absl::StatusOr<Response> r) { Answer(std::move(r)); })
                    : absl::StatusOr<std::string>(caller.status());
    std::unique_lock<std::mutex> lock(mu_);
    admitted_ = true;
    if (!id.ok()) {
      lock.unlock();
      End(ToGrpc(id.status()));
      return;
    }
    if (answered_) {  // the job ended before its id came back
      lock.unlock();
      End(answer_);
      return;
    }
    id_ = *id;
    if (cancelled_) {
      const Cancel cancel_job = cancel_;
      const std::string job = id_;
      lock.unlock();
      cancel_job(job);  // its answer may end the call (and delete this) meanwhile
    }
  }

  void OnCancel() override {
    std::unique_lock<std::mutex> lock(mu_);
    cancelled_ = true;
    if (id_.empty() || answered_) return;
    const Cancel cancel = cancel_;
    const std::string job = id_;
    lock.unlock();
    cancel(job);
  }
  void OnDone() override { delete this; }

 private:
  // The job's answer, from a runner thread (or from the Cancel above).
  void Answer(absl::StatusOr<Response> result) {
    const grpc::Status status = result.ok() ? grpc::Status::OK : ToGrpc(result.status());
    if (result.ok()) *response_ = *std::move(result);
    std::unique_lock<std::mutex> lock(mu_);
    answered_ = true;
    if (!admitted_) {  // the constructor ends the call
      answer_ = status;
      return;
    }
    lock.unlock();
    End(status);
  }

  void End(grpc::Status status) {
    // A call the client gave up on: say why it ended (the log tells a deadline from a cancel).
    if (!status.ok() && context_->IsCancelled()) status = EndedStatus(*context_, false);
    log_->Log(method_, peer_, status, started_, detail_);
    Finish(status);
  }

  grpc::CallbackServerContext* context_;
  const RequestLog* log_;
  const std::string method_;
  const std::string detail_;
  const std::string peer_;
  const std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  Response* response_;
  const Cancel cancel_;
  std::mutex mu_;
  std::string id_;
  bool admitted_ = false;  // the constructor has the job's id, or its refusal
  bool answered_ = false;
  bool cancelled_ = false;
  grpc::Status answer_;
};

}  // namespace kibitzer::service
