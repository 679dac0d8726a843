// Test helpers: run a prepared search synchronously and keep every report.
#pragma once

#include <memory>
#include <mutex>
#include <vector>

#include "engine/core/game.h"

namespace kibitzer::testing {

class CollectingSink final : public core::ProgressSink {
 public:
  void OnProgress(const core::Report& r) override {
    std::lock_guard<std::mutex> lock(mu);
    progress.push_back(r);
  }
  void OnFinished(const core::Report& r) override {
    std::lock_guard<std::mutex> lock(mu);
    finals.push_back(r);
  }
  std::mutex mu;
  std::vector<core::Report> progress;
  std::vector<core::Report> finals;
};

// Sets up `notation` in `game` and runs a search on this thread; returns the final report.
inline core::Report RunSearch(const core::Game& game, const core::PositionSpec& position,
                              const core::SearchSpec& spec, CollectingSink* sink = nullptr) {
  auto state = game.Setup(position);
  if (!state.ok()) {
    core::Report r;
    r.message = std::string(state.status().message());
    r.stop_reason = core::StopReason::kError;
    return r;
  }
  auto task = game.PrepareSearch(**state, spec);
  if (!task.ok()) {
    core::Report r;
    r.message = std::string(task.status().message());
    r.stop_reason = core::StopReason::kError;
    return r;
  }
  core::StopToken token;
  core::SearchControl control(spec.limits, &token);
  CollectingSink local;
  return (*task)->Run(control, sink != nullptr ? *sink : local);
}

}  // namespace kibitzer::testing
