// Conversions between engine values and wire messages. No checks here: requests are validated
// (validate.h) before they are converted.
#pragma once

#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/games/bridge/batch_jobs.h"
#include "kibitzer/v1/kibitzer.pb.h"

namespace kibitzer::service {

namespace pb = ::kibitzer::v1;

core::PositionSpec FromProto(const pb::Position& position);
pb::Position ToProto(const core::PositionSpec& spec, const std::string& game);
core::Limits FromProto(const pb::Limits& limits);
pb::GameInfo ToProto(const core::GameInfo& info);
pb::StopReason ToProto(core::StopReason reason);
// Fills `out` from `report`, keeping out's search id and sequence.
void FillReport(const core::Report& report, pb::SearchReport* out);

// The Bridge service's answers (convert_bridge.cc): tables with their par, card values best
// first, a played deal's analysis.
pb::SolveTablesResponse ToProto(const std::vector<bridge::Hands>& deals,
                                const std::vector<int>& dealers,
                                const std::vector<bridge::Vulnerability>& vulnerabilities,
                                const std::vector<bridge::DdTable>& tables);
pb::SolveBoardsResponse ToProto(std::vector<bridge::CardValues> boards);
pb::AnalyzePlayResponse ToProto(const bridge::PlayAnalysis& analysis);

}  // namespace kibitzer::service
