// EngineApi: the whole engine behind the wire contract's messages, with no transport.
//
// The gRPC service is a thin layer over it, and the kibitz CLI runs it in-process, so both give
// identical answers. It checks every request (errors are INVALID_ARGUMENT or NOT_FOUND and name the
// field), resolves positions inline or by id, and runs searches on its QueryRunner.
// Thread-safety: every method may be called from any thread at once.
#pragma once

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "engine/analysis/game_registry.h"
#include "engine/analysis/query_runner.h"
#include "kibitzer/v1/kibitzer.pb.h"
#include "service/admission.h"
#include "service/position_store.h"

namespace kibitzer::service {

namespace pb = ::kibitzer::v1;

struct ApiOptions {
  int threads = 2;
  int max_queries = 16;
  // Of one client's (a connection's) at once: searches running or waiting, Deal calls, Bridge
  // calls; 0: max_queries.
  int max_queries_per_client = 8;
  // max_queries_per_client as it applies: at most max_queries, which 0 stands for.
  int PerClientLimit() const {
    return max_queries_per_client > 0 ? std::min(max_queries_per_client, max_queries) : max_queries;
  }
  int max_positions = 10000;
  std::chrono::milliseconds position_ttl{std::chrono::minutes(10)};
  int max_notation_bytes = 16 * 1024;
  int max_moves = 1024;
  std::chrono::milliseconds max_search_time{std::chrono::minutes(10)};
  int max_hash_mb = 512;
  int max_deal_count = 10000;
  int64_t max_samples = 10'000'000;
  int max_message_bytes = 4 * 1024 * 1024;
  // How long a search runs before another client's may take its worker (QueryRunner's turns in
  // time); 0: never.
  std::chrono::milliseconds time_slice{std::chrono::seconds(1)};
};

// Receives the reports of one search: the opening report (sequence 0, with the search id), any
// number of progress reports, then exactly one final report. Called from worker threads; must not
// block.
class ReportSink {
 public:
  virtual ~ReportSink() = default;
  virtual void OnReport(const pb::SearchReport& report) = 0;
};

class EngineApi {
 public:
  explicit EngineApi(ApiOptions options);
  ~EngineApi();

  pb::EngineInfo GetEngineInfo() const;
  absl::StatusOr<pb::SetupPositionResponse> SetupPosition(const pb::SetupPositionRequest& request,
                                                          const std::string& client = "");
  // Blocks while it samples; `stop` (optional) ends it early with CANCELLED (UNAVAILABLE at
  // shutdown). At most max_queries at once, past which RESOURCE_EXHAUSTED.
  // `client` names the caller for the per-client limits and the workers' turns (the server
  // passes the connection's peer).
  absl::StatusOr<pb::DealResponse> Deal(const pb::DealRequest& request,
                                        core::StopToken* stop = nullptr,
                                        const std::string& client = "");
  // Checks and admits a search; reports then flow to `sink`. Returns the search id.
  absl::StatusOr<std::string> Analyze(const pb::AnalyzeRequest& request,
                                      std::shared_ptr<ReportSink> sink,
                                      const std::string& client = "");
  absl::StatusOr<std::string> BestMove(const pb::BestMoveRequest& request,
                                       std::shared_ptr<ReportSink> sink,
                                       const std::string& client = "");
  absl::StatusOr<pb::StopResponse> Stop(const pb::StopRequest& request);
  // Stops a search for a reason other than a Stop call (client cancelled, deadline); no error
  // when it has already ended.
  void Cancel(const std::string& search_id);
  // Stops every search (their streams get a final report with STOP_REASON_SHUTDOWN) and every
  // Deal, and waits; later calls are refused.
  void Shutdown();

  const ApiOptions& options() const { return options_; }

 private:
  template <typename Request>
  absl::StatusOr<std::string> StartSearch(const Request& request, core::SearchMode mode,
                                          std::shared_ptr<ReportSink> sink,
                                          const std::string& client);
  absl::StatusOr<HeldPosition> Resolve(const pb::PositionRef& ref, const std::string& field);
  absl::StatusOr<HeldPosition> SetupInline(const pb::Position& position, const std::string& field);

  ApiOptions options_;
  analysis::GameRegistry registry_;
  PositionStore positions_;
  analysis::QueryRunner runner_;
  CallAdmission deals_;
};

}  // namespace kibitzer::service
