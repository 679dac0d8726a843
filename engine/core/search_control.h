// StopToken and SearchControl: how a running search learns that it must stop, or wait.
//
// StopToken is shared between the search and whoever may stop it (a Stop call, a cancelled RPC,
// shutdown); the first reason set wins. It may also ask the search to pause (the QueryRunner
// does, to give another client's search the worker for a while): every thread of the search then
// waits at its next poll until resumed or stopped. SearchControl belongs to one search thread:
// it counts nodes against the limits and reads the clock only when polled, which a search does
// every kPollInterval nodes; the time a search spends paused does not count against its limit.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>

#include "engine/core/limits.h"
#include "engine/core/progress.h"

namespace kibitzer::core {

class StopToken {
 public:
  StopToken() = default;
  // A token that also stops and pauses when `parent` does (a review's search of one move, under
  // the review's token); its own stop does not reach the parent. `parent` must outlive it.
  explicit StopToken(StopToken* parent) : parent_(parent) {}

  // Requests a stop; returns false when a reason was already set (the first one stays). A paused
  // search wakes to stop.
  bool Stop(StopReason reason) {
    int expected = static_cast<int>(StopReason::kNone);
    if (!reason_.compare_exchange_strong(expected, static_cast<int>(reason))) return false;
    std::lock_guard<std::mutex> lock(mu_);
    cv_.notify_all();
    return true;
  }
  bool stopped() const {
    return reason_.load(std::memory_order_relaxed) != 0 ||
           (parent_ != nullptr && parent_->stopped());
  }
  StopReason reason() const {
    const auto own = static_cast<StopReason>(reason_.load());
    return own == StopReason::kNone && parent_ != nullptr ? parent_->reason() : own;
  }

  // Asks the search's threads to wait at their next poll, until Resume or Stop.
  void Pause() { paused_.store(true); }
  void Resume() {
    std::lock_guard<std::mutex> lock(mu_);
    paused_.store(false);
    cv_.notify_all();
  }
  bool pause_requested() const {
    return paused_.load(std::memory_order_relaxed) ||
           (parent_ != nullptr && parent_->pause_requested());
  }
  // Waits while a pause is asked for and no stop.
  void WaitWhilePaused() {
    if (parent_ != nullptr && parent_->pause_requested()) {
      parent_->WaitWhilePaused();
      return;
    }
    std::unique_lock<std::mutex> lock(mu_);
    ++waiting_;
    cv_.wait(lock, [this] { return !paused_.load() || stopped(); });
    --waiting_;
  }
  // Threads waiting in WaitWhilePaused now.
  int waiting() const { return waiting_.load(); }

 private:
  std::atomic<int> reason_{static_cast<int>(StopReason::kNone)};
  std::atomic<bool> paused_{false};
  std::atomic<int> waiting_{0};
  StopToken* parent_ = nullptr;
  std::mutex mu_;
  std::condition_variable cv_;
};

class SearchControl {
 public:
  using Clock = std::chrono::steady_clock;
  // Nodes between polls; a power of two so `(nodes & (kPollInterval - 1)) == 0` is the test.
  static constexpr uint64_t kPollInterval = 1024;

  using Now = Clock::time_point (*)();

  // `token` must outlive this object. `heartbeat_interval` paces OnHeartbeat (zero: never).
  // `now` is the clock of the time limit and the elapsed time (tests inject one).
  SearchControl(const Limits& limits, StopToken* token,
                std::chrono::milliseconds heartbeat_interval = std::chrono::milliseconds(0),
                Now now = &Clock::now);

  const Limits& limits() const { return limits_; }
  // The token this search stops on, for helper threads that keep their own SearchControl.
  StopToken* token() const { return token_; }
  // True once the search must stop, for any reason.
  bool stopped() const { return node_limited_ || token_->stopped(); }
  StopReason reason() const {
    return token_->stopped() || !node_limited_ ? token_->reason() : StopReason::kNodeLimit;
  }
  // Stops the search with `reason` unless it is already stopping.
  void Stop(StopReason reason) { token_->Stop(reason); }

  // Checks the stop flag, the node and time limits; returns true when the search must stop.
  // Waits first while the token asks for a pause. Also calls the heartbeat when it is due. Call
  // every kPollInterval nodes, not more often.
  bool Poll(uint64_t nodes);
  // The cheap form for inner loops: polls only when `nodes` is a multiple of kPollInterval.
  // The node limit is checked exactly, so node-limited searches are reproducible.
  bool PollEvery(uint64_t nodes) {
    if (nodes >= node_limit_) return Poll(nodes);
    return ((nodes & (kPollInterval - 1)) == 0) ? Poll(nodes) : stopped();
  }

  // While set, reaching the node limit stops only the search polling this control (Poll and
  // stopped() say so, and node_limited() until the next SetNodeLimitLocal), not every search on
  // the token: for one sample of a sampled search, each sample counting its own nodes, so that
  // the other threads' samples run on (search::MonteCarloSearch).
  void SetNodeLimitLocal(bool local) {
    node_limit_local_ = local;
    node_limited_ = false;
  }
  bool node_limited() const { return node_limited_; }

  // Called (from Poll, on the searching thread) when a heartbeat is due, so a search can report
  // its latest ranking with fresh node counts even between natural reporting points.
  void SetHeartbeat(std::function<void(uint64_t nodes)> heartbeat) {
    heartbeat_ = std::move(heartbeat);
  }

  // Time since the start, less the time spent paused in this control's polls.
  double ElapsedSeconds() const;
  Clock::time_point start() const { return start_; }

 private:
  Limits limits_;
  StopToken* token_;
  uint64_t node_limit_;
  bool node_limit_local_ = false;
  bool node_limited_ = false;
  Now now_;
  Clock::time_point start_;
  Clock::duration paused_{0};
  Clock::time_point deadline_;
  bool has_deadline_;
  std::chrono::milliseconds heartbeat_interval_;
  Clock::time_point next_heartbeat_;
  std::function<void(uint64_t)> heartbeat_;
};

}  // namespace kibitzer::core
