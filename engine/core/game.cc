#include "engine/core/game.h"

#include "absl/strings/str_cat.h"

namespace kibitzer::core {

absl::StatusOr<DealResult> DealOfFullLayout(const GameState& state, const DealSpec& spec,
                                            const std::string& what) {
  if (!spec.fixed.empty()) {
    return absl::InvalidArgumentError(absl::StrCat("fixed[0]: ", what, ", so none can be fixed"));
  }
  if (!spec.constraints.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("constraints: ", what, ", so nothing can be constrained"));
  }
  DealResult result;
  result.layouts.push_back(state.Normalized());
  result.exhaustive = true;
  return result;
}

absl::Status NoFixedCards(const SearchSpec& spec, const std::string& what) {
  if (spec.fixed.empty()) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat("fixed[0]: ", what, ", so none can be fixed (nothing is sampled)"));
}

ReportFrame FrameOf(const SearchTask& task, const Limits& limits) {
  ReportFrame frame = task.frame;
  SearchTarget& t = frame.target;
  if (t.samples == 0) t.samples = limits.samples;
  if (t.nodes == 0) t.nodes = limits.nodes;
  if (t.time_ms == 0) t.time_ms = limits.time.count();
  if (t.depth == 0) t.depth = limits.depth;
  return frame;
}

}  // namespace kibitzer::core
