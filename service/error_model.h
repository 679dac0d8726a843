// gRPC's richer error model for kibitzer's errors: a client error names the field it is about as
// "FIELD: DESCRIPTION" (FIELD a path in the request: "position.position.moves[2]",
// "options[objective]"); here that becomes a google.rpc.BadRequest field violation inside the
// google.rpc.Status a client reads from the call's details. No transport here: the CLI uses it
// in-process, the gRPC service serializes it into the status details.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "google/rpc/status.pb.h"

namespace kibitzer::service {

struct FieldViolation {
  std::string field;        // a path in the request; empty: the request as a whole
  std::string description;  // what is wrong with it
};

// The field an error's message names, if it begins with a field path followed by ": ".
std::optional<FieldViolation> FieldOf(std::string_view message);

// True for the codes that refuse the client's input (its fields): INVALID_ARGUMENT, NOT_FOUND,
// OUT_OF_RANGE, FAILED_PRECONDITION, and RESOURCE_EXHAUSTED or PERMISSION_DENIED when the message
// names a field.
bool IsFieldError(const absl::Status& status);

// The google.rpc.Status of an error: code, message, and for a client error one BadRequest whose
// violation names the field (empty where the message names none: the request as a whole).
// `message` is the message as sent (cut and escaped by the caller).
google::rpc::Status RpcStatusOf(const absl::Status& status, std::string_view message);

}  // namespace kibitzer::service
