// One log line per request, on stderr: time, method, peer, status, duration and a short detail.
// Thread-safe; lines never interleave.
#pragma once

#include <chrono>
#include <mutex>
#include <string_view>

#include "grpcpp/support/status.h"

namespace kibitzer::service {

class RequestLog {
 public:
  explicit RequestLog(bool enabled) : enabled_(enabled) {}
  void Log(std::string_view method, std::string_view peer, const grpc::Status& status,
           std::chrono::steady_clock::time_point started, std::string_view detail) const;

 private:
  bool enabled_;
  mutable std::mutex mu_;
};

}  // namespace kibitzer::service
