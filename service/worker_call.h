// A unary call whose work runs on a thread of its own, for calls that may take long (Deal, the
// Bridge service's calls): gRPC's callback threads stay free for every other client.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <thread>
#include <utility>

#include "absl/status/statusor.h"
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
  // `client`: who the per-client limits count the call against (ClientOf).
  using Work = std::function<absl::Status(core::StopToken* stop, const std::string& client)>;

  WorkerCall(grpc::CallbackServerContext* context, const RequestLog* log, std::string method,
             std::string detail, Work work) {
    const auto started = std::chrono::steady_clock::now();
    std::string peer = context->peer();
    absl::StatusOr<std::string> client = ClientOf(*context);
    std::thread([this, log, method = std::move(method), detail = std::move(detail),
                 peer = std::move(peer), client = std::move(client), work = std::move(work),
                 started] {
      const grpc::Status status = ToGrpc(client.ok() ? work(&token_, *client) : client.status());
      log->Log(method, peer, status, started, detail);
      Finish(status);
    }).detach();
  }

  void OnCancel() override { token_.Stop(core::StopReason::kCancelled); }
  void OnDone() override { delete this; }

 private:
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
