// Request checks that do not need the game: sizes, ranges, required fields. Each error is
// INVALID_ARGUMENT and names the field by its path in the request, e.g. "limits.depth".
#pragma once

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "kibitzer/v1/kibitzer.pb.h"
#include "service/engine_api.h"

namespace kibitzer::service {

absl::Status ValidatePosition(const pb::Position& position, const ApiOptions& options,
                              const std::string& field);

// The search fields shared by AnalyzeRequest and BestMoveRequest.
struct SearchFields {
  const pb::Limits& limits;
  int32_t progress_interval_ms;
  int32_t priority;
  int32_t threads;
  int32_t hash_mb;
  const google::protobuf::Map<std::string, std::string>& options;
};
absl::Status ValidateSearch(const SearchFields& fields, const ApiOptions& options);

// A search or position id: required, at most 128 bytes.
absl::Status ValidateId(const std::string& id, const std::string& field);

absl::Status ValidateDeal(const pb::DealRequest& request, const ApiOptions& options);

}  // namespace kibitzer::service
