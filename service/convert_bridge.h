// The Bridge service's answers as wire messages (convert_bridge.cc): tables with their par, card
// values best first, a played deal's analysis.
#pragma once

#include <vector>

#include "engine/games/bridge/batch_jobs.h"
#include "kibitzer/v1/kibitzer.pb.h"

namespace kibitzer::service {

namespace pb = ::kibitzer::v1;

pb::SolveTablesResponse ToProto(const std::vector<bridge::Hands>& deals,
                                const std::vector<int>& dealers,
                                const std::vector<bridge::Vulnerability>& vulnerabilities,
                                const std::vector<bridge::DdTable>& tables);
pb::SolveBoardsResponse ToProto(std::vector<bridge::CardValues> boards);
pb::AnalyzePlayResponse ToProto(const bridge::PlayAnalysis& analysis);

}  // namespace kibitzer::service
