#include "service/job_sink.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace kibitzer::service {

absl::Status JobStatus(core::StopReason reason, const std::string& message) {
  switch (reason) {
    case core::StopReason::kShutdown:
      return absl::UnavailableError("the server is shutting down");
    case core::StopReason::kTimeLimit:
      return absl::DeadlineExceededError("the deadline passed");
    case core::StopReason::kQueueTime:
      return absl::ResourceExhaustedError(message);
    case core::StopReason::kError:
      return absl::StartsWith(message, "memory") ? absl::ResourceExhaustedError(message)
                                                 : absl::InternalError(message);
    default:
      return absl::CancelledError("the call was cancelled");
  }
}

}  // namespace kibitzer::service
