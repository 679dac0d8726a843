#include "engine/core/search_control.h"

namespace kibitzer::core {

const char* StopReasonName(StopReason reason) {
  switch (reason) {
    case StopReason::kNone:
      return "running";
    case StopReason::kCompleted:
      return "completed";
    case StopReason::kDepthLimit:
      return "depth limit";
    case StopReason::kNodeLimit:
      return "node limit";
    case StopReason::kTimeLimit:
      return "time limit";
    case StopReason::kSampleLimit:
      return "sample limit";
    case StopReason::kStopped:
      return "stopped";
    case StopReason::kCancelled:
      return "cancelled";
    case StopReason::kShutdown:
      return "shutdown";
    case StopReason::kError:
      return "error";
    case StopReason::kQueueTime:
      return "queue time";
  }
  return "unknown";
}

SearchControl::SearchControl(const Limits& limits, StopToken* token,
                             std::chrono::milliseconds heartbeat_interval, Now now)
    : limits_(limits),
      token_(token),
      node_limit_(limits.nodes != 0 ? limits.nodes : UINT64_MAX),
      now_(now),
      start_(now()),
      deadline_(start_ + limits.time),
      has_deadline_(limits.time.count() > 0),
      heartbeat_interval_(heartbeat_interval),
      next_heartbeat_(start_ + heartbeat_interval) {}

bool SearchControl::Poll(uint64_t nodes) {
  if (token_->pause_requested()) {
    // Time paused is not the search's: its deadline and heartbeat move on by as much.
    const Clock::time_point before = now_();
    token_->WaitWhilePaused();
    const Clock::duration waited = now_() - before;
    paused_ += waited;
    deadline_ += waited;
    next_heartbeat_ += waited;
  }
  if (node_limited_ || token_->stopped()) return true;
  if (limits_.nodes != 0 && nodes >= limits_.nodes) {
    if (node_limit_local_) {
      node_limited_ = true;
    } else {
      token_->Stop(StopReason::kNodeLimit);
    }
    return true;
  }
  const auto now = now_();
  if (has_deadline_ && now >= deadline_) {
    token_->Stop(StopReason::kTimeLimit);
    return true;
  }
  if (heartbeat_ && heartbeat_interval_.count() > 0 && now >= next_heartbeat_) {
    next_heartbeat_ = now + heartbeat_interval_;
    heartbeat_(nodes);
  }
  return false;
}

double SearchControl::ElapsedSeconds() const {
  return std::chrono::duration<double>(now_() - start_ - paused_).count();
}

}  // namespace kibitzer::core
