#include "service/request_log.h"

#include <cstdio>
#include <mutex>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "engine/core/quote.h"
#include "service/connection_gate.h"

namespace kibitzer::service {
namespace {

const char* CodeName(grpc::StatusCode code) {
  switch (code) {
    case grpc::OK:
      return "OK";
    case grpc::CANCELLED:
      return "CANCELLED";
    case grpc::UNKNOWN:
      return "UNKNOWN";
    case grpc::INVALID_ARGUMENT:
      return "INVALID_ARGUMENT";
    case grpc::DEADLINE_EXCEEDED:
      return "DEADLINE_EXCEEDED";
    case grpc::NOT_FOUND:
      return "NOT_FOUND";
    case grpc::ALREADY_EXISTS:
      return "ALREADY_EXISTS";
    case grpc::PERMISSION_DENIED:
      return "PERMISSION_DENIED";
    case grpc::RESOURCE_EXHAUSTED:
      return "RESOURCE_EXHAUSTED";
    case grpc::FAILED_PRECONDITION:
      return "FAILED_PRECONDITION";
    case grpc::ABORTED:
      return "ABORTED";
    case grpc::OUT_OF_RANGE:
      return "OUT_OF_RANGE";
    case grpc::UNIMPLEMENTED:
      return "UNIMPLEMENTED";
    case grpc::INTERNAL:
      return "INTERNAL";
    case grpc::UNAVAILABLE:
      return "UNAVAILABLE";
    case grpc::DATA_LOSS:
      return "DATA_LOSS";
    case grpc::UNAUTHENTICATED:
      return "UNAUTHENTICATED";
    default:
      return "?";
  }
}

}  // namespace

void RequestLog::Log(std::string_view method, std::string_view peer, const grpc::Status& status,
                     std::chrono::steady_clock::time_point started, std::string_view detail) const {
  if (!enabled_) return;
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  std::string line = absl::StrFormat(
      "%s %s peer=%s status=%s ms=%.1f",
      absl::FormatTime("%Y-%m-%dT%H:%M:%E3SZ", absl::Now(), absl::UTCTimeZone()), method,
      core::Escape(PeerName(std::string(peer)), 128), CodeName(status.error_code()), ms);
  // Everything a client could have put in a line is escaped and cut: one request, one line.
  if (!detail.empty()) absl::StrAppend(&line, " ", core::Escape(detail, 512));
  if (!status.ok()) {
    absl::StrAppend(&line, " error=\"", core::Escape(status.error_message(), 512), "\"");
  }
  line += '\n';
  std::lock_guard<std::mutex> lock(mu_);
  std::fputs(line.c_str(), stderr);
}

}  // namespace kibitzer::service
