// A unary call whose work runs on a thread of its own, for calls that may take long (Deal, the
// Bridge service's calls): gRPC's callback threads stay free for every other client.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <thread>
#include <utility>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "engine/core/search_control.h"
#include "grpcpp/grpcpp.h"
#include "service/grpc_service.h"
#include "service/request_log.h"

namespace kibitzer::service {

// Runs `work` on a thread of its own and finishes the call with its status. gRPC calls OnCancel
// when the client cancels or the deadline passes: that stops the work. The reactor is deleted in
// OnDone, which comes after Finish; the thread touches nothing of it after Finish.
class WorkerCall final : public grpc::ServerUnaryReactor {
 public:
  // `caller`: who makes the call (ClientOf).
  using Work = std::function<absl::Status(core::StopToken* stop, const Caller& caller)>;

  WorkerCall(grpc::CallbackServerContext* context, const RequestLog* log, const CallerRules* rules,
             std::string method, std::string detail, Work work)
      : context_(context) {
    const auto started = std::chrono::steady_clock::now();
    std::string peer = context->peer();
    absl::StatusOr<Caller> client = ClientOf(*context, rules);
    // However many such calls arrive at once, no more than kMaxThreads threads are started: past
    // that the call is refused before a thread is (the admissions inside bound the work).
    if (++threads_ > kMaxThreads) {
      --threads_;
      const grpc::Status busy(grpc::RESOURCE_EXHAUSTED,
                              "busy: too many long calls at once; retry later");
      log->Log(method, peer, busy, started, detail);
      Finish(busy);
      return;
    }
    std::thread([this, log, method = std::move(method), detail = std::move(detail),
                 peer = std::move(peer), client = std::move(client), work = std::move(work),
                 started] {
      grpc::Status status = ToGrpc(client.ok() ? Guarded(work, *client) : client.status());
      // A call the client gave up on: say why it ended (the log tells a deadline from a cancel).
      if (token_.stopped() && token_.reason() == core::StopReason::kCancelled && !status.ok()) {
        status = EndedStatus(*context_, false);
      }
      log->Log(method, peer, status, started, detail);
      --threads_;
      Finish(status);
    }).detach();
  }

  // Threads running such calls, server-wide.
  static constexpr int kMaxThreads = 256;

  void OnCancel() override { token_.Stop(core::StopReason::kCancelled); }
  void OnDone() override { delete this; }

 private:
  // The work's status; a failure it throws (a table that cannot be had) fails this call alone.
  absl::Status Guarded(const Work& work, const Caller& caller) {
    try {
      return work(&token_, caller);
    } catch (const std::bad_alloc& e) {
      return absl::ResourceExhaustedError(absl::StrCat("memory: ", e.what()));
    } catch (const std::exception& e) {
      return absl::InternalError(absl::StrCat("the call failed: ", e.what()));
    }
  }

  static inline std::atomic<int> threads_{0};
  grpc::CallbackServerContext* context_;
  core::StopToken token_;
};

// Moves a call's result into its response message; the error otherwise.
template <typename Response>
absl::Status Fill(absl::StatusOr<Response> result, Response* response) {
  if (!result.ok()) return result.status();
  *response = std::move(*result);
  return absl::OkStatus();
}

}  // namespace kibitzer::service
