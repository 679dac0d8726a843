#include "service/admission.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace kibitzer::service {

absl::Status CallAdmission::Ticket::Enter(size_t table_bytes) {
  std::lock_guard<std::mutex> lock(admission_->mu_);
  if (admission_->shut_down_) return absl::UnavailableError("the server is shutting down");
  if (static_cast<int>(admission_->running_.size()) >= admission_->max_) {
    return absl::ResourceExhaustedError(
        absl::StrCat("the server runs ", admission_->max_, " calls at once already; retry later"));
  }
  auto client = admission_->per_client_.try_emplace(client_, 0).first;
  const int limit = client_limit_ > 0 ? std::min(client_limit_, admission_->max_per_client_)
                                      : admission_->max_per_client_;
  if (client->second >= limit) {
    const int calls = client->second;
    if (calls == 0) admission_->per_client_.erase(client);
    return absl::ResourceExhaustedError(absl::StrCat("this client runs ", calls,
                                                     " calls already, the limit per client is ",
                                                     limit, "; retry later"));
  }
  if (absl::Status s = memory_.Take(core::MemoryBudget::Process(), table_bytes, "this call");
      !s.ok()) {
    if (client->second == 0) admission_->per_client_.erase(client);
    return s;
  }
  ++client->second;
  admission_->running_.insert(token_);
  entered_ = true;
  return absl::OkStatus();
}

CallAdmission::Ticket::~Ticket() {
  if (!entered_) return;
  std::lock_guard<std::mutex> lock(admission_->mu_);
  admission_->running_.erase(token_);
  auto client = admission_->per_client_.find(client_);
  if (--client->second == 0) admission_->per_client_.erase(client);
  admission_->idle_.notify_all();
}

void CallAdmission::Shutdown() {
  std::unique_lock<std::mutex> lock(mu_);
  shut_down_ = true;
  for (core::StopToken* t : running_) t->Stop(core::StopReason::kShutdown);
  idle_.wait(lock, [&] { return running_.empty(); });
}

absl::Status JobStatus(core::StopReason reason, const std::string& message) {
  switch (reason) {
    case core::StopReason::kShutdown:
      return absl::UnavailableError("the server is shutting down");
    case core::StopReason::kTimeLimit:
      return absl::DeadlineExceededError("the deadline passed");
    case core::StopReason::kQueueTime:
      return absl::ResourceExhaustedError(message);
    case core::StopReason::kError:
      return absl::StartsWith(message, "memory") ? absl::ResourceExhaustedError(message)
                                                 : absl::InternalError(message);
    default:
      return absl::CancelledError("the call was cancelled");
  }
}

absl::Status StoppedStatus(const core::StopToken& token) { return JobStatus(token.reason(), ""); }

}  // namespace kibitzer::service
