// A ReportSink for tests: keeps every report of a stream and waits for the final one.
#pragma once

#include <condition_variable>
#include <mutex>
#include <vector>

#include "service/engine_api.h"

namespace kibitzer::service {

class CollectReports final : public ReportSink {
 public:
  void OnReport(const pb::SearchReport& r) override {
    std::lock_guard<std::mutex> lock(mu);
    reports.push_back(r);
    if (r.final()) cv.notify_all();
  }
  pb::SearchReport WaitFinal() {
    std::unique_lock<std::mutex> lock(mu);
    cv.wait(lock, [this] { return !reports.empty() && reports.back().final(); });
    return reports.back();
  }
  std::mutex mu;
  std::condition_variable cv;
  std::vector<pb::SearchReport> reports;
};

}  // namespace kibitzer::service
