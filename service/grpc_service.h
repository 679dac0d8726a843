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

// Who makes a call (Caller): the client is the identity the call's bearer token proved (the auth
// context's kibitzer_client property, set by the server's TokenAuth) or else its connection (gRPC's
// peer address); the name is the call's `kibitzer-client` metadata, which only divides that
// client's turns. INVALID_ARGUMENT for a name that is empty or too long.
// The auth context property that names the client a bearer token proved.
inline constexpr char kClientProperty[] = "kibitzer_client";

absl::StatusOr<Caller> ClientOf(const grpc::CallbackServerContext& context);

// Why a call that did not end by itself ended: DEADLINE_EXCEEDED when its deadline has passed,
// UNAVAILABLE at shutdown, else CANCELLED (the client cancelled it or went away).
grpc::Status EndedStatus(const grpc::CallbackServerContext& context, bool shutting_down);

class KibitzerService final : public pb::Kibitzer::CallbackService {
 public:
  KibitzerService(EngineApi* api, const RequestLog* log) : api_(api), log_(log) {}
  // Calls ended from now on by the shutdown are logged as such.
  void BeginShutdown() { shutting_down_ = true; }

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
  std::atomic<bool> shutting_down_{false};
};

}  // namespace kibitzer::service
