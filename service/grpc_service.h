// The gRPC face of EngineApi, on the callback API: unary calls answer on the calling thread (they
// are short and bounded by the request limits); Analyze and BestMove stream from the worker pool.
//
// Stream guarantees: one write in flight at a time; while it is in flight only the newest progress
// report waits (older ones are dropped, never reordered); the final report is always written when
// the client is still there; every RPC is finished exactly once; a cancelled call or passed
// deadline stops its search.
#pragma once

#include <atomic>
#include <memory>
#include <string>

#include "kibitzer/v1/kibitzer.grpc.pb.h"
#include "service/engine_api.h"
#include "service/request_log.h"

namespace kibitzer::service {

grpc::Status ToGrpc(const absl::Status& status);

// The client a call counts against for the per-client limits and the workers' turns: the name in
// the call's `kibitzer-client` metadata when it has one (for a client that opens several
// connections, or connections that share one address, as over a Unix socket), else its
// connection (gRPC's peer address). INVALID_ARGUMENT for a name that is empty or too long.
absl::StatusOr<std::string> ClientOf(const grpc::CallbackServerContext& context);

class KibitzerService final : public pb::Kibitzer::CallbackService {
 public:
  KibitzerService(EngineApi* api, const RequestLog* log) : api_(api), log_(log) {}

  // Analyze and BestMove calls not yet done (their final report not yet written or given up).
  int active_streams() const { return active_streams_.load(); }

  grpc::ServerUnaryReactor* GetEngineInfo(grpc::CallbackServerContext* context,
                                          const pb::GetEngineInfoRequest* request,
                                          pb::EngineInfo* response) override;
  grpc::ServerUnaryReactor* SetupPosition(grpc::CallbackServerContext* context,
                                          const pb::SetupPositionRequest* request,
                                          pb::SetupPositionResponse* response) override;
  grpc::ServerUnaryReactor* Deal(grpc::CallbackServerContext* context,
                                 const pb::DealRequest* request,
                                 pb::DealResponse* response) override;
  grpc::ServerUnaryReactor* Stop(grpc::CallbackServerContext* context,
                                 const pb::StopRequest* request,
                                 pb::StopResponse* response) override;
  grpc::ServerWriteReactor<pb::SearchReport>* Analyze(grpc::CallbackServerContext* context,
                                                      const pb::AnalyzeRequest* request) override;
  grpc::ServerWriteReactor<pb::SearchReport>* BestMove(grpc::CallbackServerContext* context,
                                                       const pb::BestMoveRequest* request) override;

 private:
  EngineApi* api_;
  const RequestLog* log_;
  std::atomic<int> active_streams_{0};
};

}  // namespace kibitzer::service
