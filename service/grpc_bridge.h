// The gRPC Bridge service (callback API) over BridgeApi. Each call is a job of the server's query
// runner (JobCall: no thread of its own); a client that cancels or whose deadline passes stops it.
#pragma once

#include "kibitzer/v1/kibitzer.grpc.pb.h"
#include "service/auth.h"
#include "service/bridge_api.h"
#include "service/request_log.h"

namespace kibitzer::service {

class BridgeService final : public pb::Bridge::CallbackService {
 public:
  // `rules` (optional): what callers must bring (tokens) and may claim (a front door's sessions).
  BridgeService(BridgeApi* api, const RequestLog* log, const CallerRules* rules = nullptr)
      : api_(api), log_(log), rules_(rules) {}

  grpc::ServerUnaryReactor* SolveTables(grpc::CallbackServerContext* context,
                                        const pb::SolveTablesRequest* request,
                                        pb::SolveTablesResponse* response) override;
  grpc::ServerUnaryReactor* SolveBoards(grpc::CallbackServerContext* context,
                                        const pb::SolveBoardsRequest* request,
                                        pb::SolveBoardsResponse* response) override;
  grpc::ServerUnaryReactor* AnalyzePlay(grpc::CallbackServerContext* context,
                                        const pb::AnalyzePlayRequest* request,
                                        pb::AnalyzePlayResponse* response) override;

 private:
  BridgeApi* api_;
  const RequestLog* log_;
  const CallerRules* rules_;
};

}  // namespace kibitzer::service
