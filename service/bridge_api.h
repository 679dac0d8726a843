// BridgeApi: the Bridge service's calls (tables and par, card values of many positions, play
// analysis) behind the wire messages, with no transport; kibitz runs it in-process, the gRPC
// Bridge service is a thin layer over it. Each call blocks its caller while the work is spread
// over the server's threads; `stop` (optional) ends it early (client gone, deadline, shutdown).
// Calls beyond ApiOptions.max_queries at once, or max_queries_per_client of one `client`'s, get
// RESOURCE_EXHAUSTED.
#pragma once

#include "absl/status/statusor.h"
#include "engine/core/search_control.h"
#include "engine/games/bridge/bridge_game.h"
#include "engine/games/bridge/dd_batch.h"
#include "service/admission.h"
#include "service/engine_api.h"

namespace kibitzer::service {

class BridgeApi {
 public:
  explicit BridgeApi(ApiOptions options)
      : options_(std::move(options)), admission_(options_.max_queries, options_.PerClientLimit()) {}
  ~BridgeApi() { Shutdown(); }

  absl::StatusOr<pb::SolveTablesResponse> SolveTables(const pb::SolveTablesRequest& request,
                                                      core::StopToken* stop = nullptr,
                                                      const Caller& caller = {});
  absl::StatusOr<pb::SolveBoardsResponse> SolveBoards(const pb::SolveBoardsRequest& request,
                                                      core::StopToken* stop = nullptr,
                                                      const Caller& caller = {});
  absl::StatusOr<pb::AnalyzePlayResponse> AnalyzePlay(const pb::AnalyzePlayRequest& request,
                                                      core::StopToken* stop = nullptr,
                                                      const Caller& caller = {});
  // Stops the running calls (they return UNAVAILABLE) and waits for them; later calls are refused.
  void Shutdown();

 private:
  // The batch options of a call of `jobs` jobs: as many threads as jobs, at most the server's
  // (as RunBatch runs them), so that the tables reserved are those the batch takes.
  bridge::BatchOptions Batch(int jobs, core::StopToken* stop) const;

  ApiOptions options_;
  bridge::BridgeGame game_;
  CallAdmission admission_;
};

}  // namespace kibitzer::service
