// kibitz output: human-readable text by default, or one JSON object per line (--json).
#pragma once

#include <cstdio>

#include "google/protobuf/message.h"
#include "kibitzer/v1/kibitzer.pb.h"

namespace kibitzer::cli {

namespace pb = ::kibitzer::v1;

void PrintJson(const google::protobuf::Message& message, std::FILE* out = stdout);
// The message as one line of JSON, without the newline.
std::string JsonLine(const google::protobuf::Message& message);
void PrintInfo(const pb::EngineInfo& info);
void PrintSetup(const pb::SetupPositionResponse& response);
void PrintDeal(const pb::DealResponse& response);
// One line about a progress report, on stderr (live progress).
void PrintProgress(const pb::SearchReport& report);
// The final ranking and figures.
void PrintFinal(const pb::SearchReport& report, bool best_move);

}  // namespace kibitzer::cli
