#include "service/grpc_bridge.h"

#include <chrono>
#include <functional>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "service/grpc_service.h"

namespace kibitzer::service {
namespace {

using Clock = std::chrono::steady_clock;

// Runs `work` on a thread of its own and finishes the call with its status. gRPC calls OnCancel
// when the client cancels or the deadline passes: that stops the work. The reactor is deleted in
// OnDone, which comes after Finish; the thread touches nothing of it after Finish.
class WorkerCall final : public grpc::ServerUnaryReactor {
 public:
  using Work = std::function<absl::Status(core::StopToken*)>;

  WorkerCall(grpc::CallbackServerContext* context, const RequestLog* log, std::string method,
             std::string detail, Work work) {
    const auto started = Clock::now();
    std::string peer = context->peer();
    std::thread([this, log, method = std::move(method), detail = std::move(detail),
                 peer = std::move(peer), work = std::move(work), started] {
      const grpc::Status status = ToGrpc(work(&token_));
      log->Log(method, peer, status, started, detail);
      Finish(status);
    }).detach();
  }

  void OnCancel() override { token_.Stop(core::StopReason::kCancelled); }
  void OnDone() override { delete this; }

 private:
  core::StopToken token_;
};

template <typename Response>
absl::Status Fill(absl::StatusOr<Response> result, Response* response) {
  if (!result.ok()) return result.status();
  *response = std::move(*result);
  return absl::OkStatus();
}

}  // namespace

grpc::ServerUnaryReactor* BridgeService::SolveTables(grpc::CallbackServerContext* context,
                                                     const pb::SolveTablesRequest* request,
                                                     pb::SolveTablesResponse* response) {
  return new WorkerCall(context, log_, "SolveTables", absl::StrCat("deals=", request->deals_size()),
                        [this, request, response](core::StopToken* stop) {
                          return Fill(api_->SolveTables(*request, stop), response);
                        });
}

grpc::ServerUnaryReactor* BridgeService::SolveBoards(grpc::CallbackServerContext* context,
                                                     const pb::SolveBoardsRequest* request,
                                                     pb::SolveBoardsResponse* response) {
  return new WorkerCall(context, log_, "SolveBoards",
                        absl::StrCat("positions=", request->positions_size()),
                        [this, request, response](core::StopToken* stop) {
                          return Fill(api_->SolveBoards(*request, stop), response);
                        });
}

grpc::ServerUnaryReactor* BridgeService::AnalyzePlay(grpc::CallbackServerContext* context,
                                                     const pb::AnalyzePlayRequest* request,
                                                     pb::AnalyzePlayResponse* response) {
  return new WorkerCall(context, log_, "AnalyzePlay", "",
                        [this, request, response](core::StopToken* stop) {
                          return Fill(api_->AnalyzePlay(*request, stop), response);
                        });
}

}  // namespace kibitzer::service
