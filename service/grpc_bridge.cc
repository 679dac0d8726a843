#include "service/grpc_bridge.h"

#include "absl/strings/str_cat.h"
#include "service/job_call.h"

namespace kibitzer::service {

grpc::ServerUnaryReactor* BridgeService::SolveTables(grpc::CallbackServerContext* context,
                                                     const pb::SolveTablesRequest* request,
                                                     pb::SolveTablesResponse* response) {
  return new JobCall<pb::SolveTablesResponse>(
      context, log_, rules_, "SolveTables", absl::StrCat("deals=", request->deals_size()), response,
      [api = api_, request](const Caller& caller, BridgeApi::Done<pb::SolveTablesResponse> done) {
        return api->StartSolveTables(*request, caller, std::move(done));
      },
      [api = api_](const std::string& id) { api->Cancel(id); });
}

grpc::ServerUnaryReactor* BridgeService::SolveBoards(grpc::CallbackServerContext* context,
                                                     const pb::SolveBoardsRequest* request,
                                                     pb::SolveBoardsResponse* response) {
  return new JobCall<pb::SolveBoardsResponse>(
      context, log_, rules_, "SolveBoards", absl::StrCat("positions=", request->positions_size()),
      response,
      [api = api_, request](const Caller& caller, BridgeApi::Done<pb::SolveBoardsResponse> done) {
        return api->StartSolveBoards(*request, caller, std::move(done));
      },
      [api = api_](const std::string& id) { api->Cancel(id); });
}

grpc::ServerUnaryReactor* BridgeService::AnalyzePlay(grpc::CallbackServerContext* context,
                                                     const pb::AnalyzePlayRequest* request,
                                                     pb::AnalyzePlayResponse* response) {
  return new JobCall<pb::AnalyzePlayResponse>(
      context, log_, rules_, "AnalyzePlay", "", response,
      [api = api_, request](const Caller& caller, BridgeApi::Done<pb::AnalyzePlayResponse> done) {
        return api->StartAnalyzePlay(*request, caller, std::move(done));
      },
      [api = api_](const std::string& id) { api->Cancel(id); });
}

}  // namespace kibitzer::service
