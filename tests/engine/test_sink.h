// Test helpers: run a prepared search synchronously and keep every report.
#pragma once

#include <memory>
#include <mutex>
#include <vector>

#include "engine/core/game.h"
#include "gtest/gtest.h"

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

// The same moves in the same order with the same values and standard errors.
inline void ExpectTheSameMoves(const core::Report& a, const core::Report& b) {
  ASSERT_EQ(a.moves.size(), b.moves.size());
  for (size_t i = 0; i < a.moves.size(); ++i) {
    EXPECT_EQ(a.moves[i].move, b.moves[i].move);
    EXPECT_EQ(a.moves[i].value, b.moves[i].value) << a.moves[i].move;
    EXPECT_EQ(a.moves[i].std_error, b.moves[i].std_error) << a.moves[i].move;
  }
}

// Two runs of one sampled analysis under a node limit, at different thread counts: both stopped by
// it after the same sample, part way through the `samples` asked for, with the same moves.
inline void ExpectStoppedAtTheSameSample(const core::Report& a, const core::Report& b,
                                         uint64_t samples) {
  EXPECT_EQ(a.stop_reason, core::StopReason::kNodeLimit);
  EXPECT_EQ(b.stop_reason, core::StopReason::kNodeLimit);
  EXPECT_GT(a.samples, 0u);
  EXPECT_LT(a.samples, samples);
  EXPECT_EQ(a.samples, b.samples);
  ExpectTheSameMoves(a, b);
}

}  // namespace kibitzer::testing
