// The Bridge service's requests, checked and parsed (validate_bridge.cc); errors name the field
// by its path in the request, as validate.h's do.
#pragma once

#include <vector>

#include "absl/status/statusor.h"
#include "engine/games/bridge/bridge_game.h"
#include "engine/games/bridge/records/record.h"
#include "kibitzer/v1/kibitzer.pb.h"
#include "service/engine_api.h"

namespace kibitzer::service {

struct TablesInput {
  std::vector<bridge::Hands> deals;
  std::vector<int> dealers;
  std::vector<bridge::Vulnerability> vulnerabilities;
};
absl::StatusOr<TablesInput> ParseTablesRequest(const pb::SolveTablesRequest& request,
                                               const ApiOptions& options);
absl::StatusOr<std::vector<bridge::PlayPosition>> ParseBoardsRequest(
    const pb::SolveBoardsRequest& request, const ApiOptions& options,
    const bridge::BridgeGame& game);
absl::StatusOr<bridge::GameRecord> ParsePlayRequest(const pb::AnalyzePlayRequest& request,
                                                    const ApiOptions& options);

}  // namespace kibitzer::service
