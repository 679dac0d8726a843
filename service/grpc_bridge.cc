#include "service/grpc_bridge.h"

#include "absl/strings/str_cat.h"
#include "service/worker_call.h"

namespace kibitzer::service {

grpc::ServerUnaryReactor* BridgeService::SolveTables(grpc::CallbackServerContext* context,
                                                     const pb::SolveTablesRequest* request,
                                                     pb::SolveTablesResponse* response) {
  return new WorkerCall(context, log_, tokens_, "SolveTables",
                        absl::StrCat("deals=", request->deals_size()),
                        [this, request, response](core::StopToken* stop, const Caller& caller) {
                          return Fill(api_->SolveTables(*request, stop, caller), response);
                        });
}

grpc::ServerUnaryReactor* BridgeService::SolveBoards(grpc::CallbackServerContext* context,
                                                     const pb::SolveBoardsRequest* request,
                                                     pb::SolveBoardsResponse* response) {
  return new WorkerCall(context, log_, tokens_, "SolveBoards",
                        absl::StrCat("positions=", request->positions_size()),
                        [this, request, response](core::StopToken* stop, const Caller& caller) {
                          return Fill(api_->SolveBoards(*request, stop, caller), response);
                        });
}

grpc::ServerUnaryReactor* BridgeService::AnalyzePlay(grpc::CallbackServerContext* context,
                                                     const pb::AnalyzePlayRequest* request,
                                                     pb::AnalyzePlayResponse* response) {
  return new WorkerCall(context, log_, tokens_, "AnalyzePlay", "",
                        [this, request, response](core::StopToken* stop, const Caller& caller) {
                          return Fill(api_->AnalyzePlay(*request, stop, caller), response);
                        });
}

}  // namespace kibitzer::service
