// Conversions between engine values and wire messages. No checks here: requests are validated
// (validate.h) before they are converted.
#pragma once

#include <string>
#include <vector>

#include "engine/core/game.h"
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
void FillTable(const core::TableView& table, pb::TableView* out);

}  // namespace kibitzer::service
