// Admission of blocking calls (Deal, the Bridge service's calls): at most `max` at once and
// `max_per_client` of one client's, past which a call gets RESOURCE_EXHAUSTED, and a shutdown that
// stops the running ones and waits for them. Each admitted call holds a Ticket for its lifetime.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "engine/core/memory_budget.h"
#include "engine/core/search_control.h"

namespace kibitzer::service {

class CallAdmission {
 public:
  // `max_per_client` 0 (or above `max`): `max`.
  explicit CallAdmission(int max, int max_per_client = 0)
      : max_(max), max_per_client_(max_per_client > 0 ? std::min(max_per_client, max) : max) {}
  ~CallAdmission() { Shutdown(); }
  CallAdmission(const CallAdmission&) = delete;
  CallAdmission& operator=(const CallAdmission&) = delete;

  // One call of `client`: `stop` (optional; else a token of its own) is the one Shutdown stops.
  class Ticket {
   public:
    // `client_limit`: the client's own limit (a token's), at most max_per_client; 0: that.
    Ticket(CallAdmission* admission, core::StopToken* stop, std::string client = "",
           int client_limit = 0)
        : admission_(admission),
          token_(stop != nullptr ? stop : &own_),
          client_(std::move(client)),
          client_limit_(client_limit) {}
    ~Ticket();
    Ticket(const Ticket&) = delete;
    Ticket& operator=(const Ticket&) = delete;
    // OK, or UNAVAILABLE when shutting down, RESOURCE_EXHAUSTED when `max` calls run already or
    // `max_per_client` of this client's, or `table_bytes` (what the call's tables take) do not fit
    // in the server's memory budget (held until the ticket ends).
    absl::Status Enter(size_t table_bytes = 0);
    core::StopToken* token() { return token_; }

   private:
    CallAdmission* admission_;
    core::StopToken own_;
    core::StopToken* token_;
    std::string client_;
    int client_limit_;
    core::MemoryReservation memory_;
    bool entered_ = false;
  };

  // Stops the running calls (StopReason::kShutdown) and waits for them; later calls are refused.
  void Shutdown();

 private:
  const int max_;
  const int max_per_client_;
  std::mutex mu_;
  std::map<std::string, int> per_client_;  // running calls of each client that has some
  std::condition_variable idle_;
  std::set<core::StopToken*> running_;
  bool shut_down_ = false;
};

// The status of a job or call that ended for `reason` (not completed): UNAVAILABLE at shutdown,
// DEADLINE_EXCEEDED on a time limit, RESOURCE_EXHAUSTED when it waited too long or its memory
// could not be had, INTERNAL on another failure (`message` says which), else CANCELLED.
absl::Status JobStatus(core::StopReason reason, const std::string& message);
// The status of a call its token stopped (JobStatus of its reason).
absl::Status StoppedStatus(const core::StopToken& token);

}  // namespace kibitzer::service
