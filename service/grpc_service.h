// The gRPC face of EngineApi, on the callback API: unary calls answer on the calling thread (they
// are short and bounded by the request limits); Analyze, BestMove and Review stream from the worker
// pool.
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
#include "service/auth.h"
#include "service/engine_api.h"
#include "service/request_log.h"

namespace kibitzer::service {

// Longest error message a client is sent.
inline constexpr size_t kMaxErrorBytes = 1024;

// The status on the wire: the message cut to kMaxErrorBytes and control characters escaped, so
// that no error can grow past the metadata limit or carry a line break, whatever it echoes.
grpc::Status ToGrpc(const absl::Status& status);

// Who makes a call (Caller): the client is the one its bearer token names (with tokens, which
// TokenAuth has already checked the call against), else the name its certificate proves (mutual
// TLS), else its connection (gRPC's peer address). A call bringing the front door's secret
// (kibitzer-front-door) may name a session (kibitzer-session): the client is then that session
// (under the token's user, with tokens). The name is the call's `kibitzer-client` metadata, which
// only divides that client's turns. UNAUTHENTICATED for a wrong secret, PERMISSION_DENIED for a
// session without one, INVALID_ARGUMENT for a name or session that is empty or too long.
absl::StatusOr<Caller> ClientOf(const grpc::CallbackServerContext& context,
                                const CallerRules* rules);

// Why a call that did not end by itself ended: DEADLINE_EXCEEDED when its deadline has passed,
// UNAVAILABLE at shutdown, else CANCELLED (the client cancelled it or went away).
grpc::Status EndedStatus(const grpc::CallbackServerContext& context, bool shutting_down);

class KibitzerService final : public pb::Kibitzer::CallbackService {
 public:
  // `rules` (optional): what callers must bring (tokens) and may claim (a front door's sessions).
  KibitzerService(EngineApi* api, const RequestLog* log, const CallerRules* rules = nullptr)
      : api_(api), log_(log), rules_(rules) {}
  // Calls ended from now on by the shutdown are logged as such.
  void BeginShutdown() { shutting_down_ = true; }

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
  grpc::ServerWriteReactor<pb::SearchReport>* Review(grpc::CallbackServerContext* context,
                                                     const pb::ReviewRequest* request) override;

 private:
  EngineApi* api_;
  const RequestLog* log_;
  const CallerRules* rules_;
  std::atomic<bool> shutting_down_{false};
};

}  // namespace kibitzer::service
