// Admission of blocking calls (Deal, the Bridge service's calls): at most `max` at once, past
// which a call gets RESOURCE_EXHAUSTED, and a shutdown that stops the running ones and waits for
// them. Each admitted call holds a Ticket for its lifetime.
#pragma once

#include <condition_variable>
#include <mutex>
#include <set>

#include "absl/status/status.h"
#include "engine/core/search_control.h"

namespace kibitzer::service {

class CallAdmission {
 public:
  explicit CallAdmission(int max) : max_(max) {}
  ~CallAdmission() { Shutdown(); }
  CallAdmission(const CallAdmission&) = delete;
  CallAdmission& operator=(const CallAdmission&) = delete;

  // One call: `stop` (optional; else a token of its own) is the one Shutdown stops.
  class Ticket {
   public:
    Ticket(CallAdmission* admission, core::StopToken* stop)
        : admission_(admission), token_(stop != nullptr ? stop : &own_) {}
    ~Ticket();
    Ticket(const Ticket&) = delete;
    Ticket& operator=(const Ticket&) = delete;
    // OK, or UNAVAILABLE when shutting down, RESOURCE_EXHAUSTED when `max` calls run already.
    absl::Status Enter();
    core::StopToken* token() { return token_; }

   private:
    CallAdmission* admission_;
    core::StopToken own_;
    core::StopToken* token_;
    bool entered_ = false;
  };

  // Stops the running calls (StopReason::kShutdown) and waits for them; later calls are refused.
  void Shutdown();

 private:
  const int max_;
  std::mutex mu_;
  std::condition_variable idle_;
  std::set<core::StopToken*> running_;
  bool shut_down_ = false;
};

// The status of a call its token stopped: UNAVAILABLE at shutdown, DEADLINE_EXCEEDED on a time
// limit, else CANCELLED.
absl::Status StoppedStatus(const core::StopToken& token);

}  // namespace kibitzer::service
