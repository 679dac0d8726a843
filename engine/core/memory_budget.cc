#include "engine/core/memory_budget.h"

#include "absl/strings/str_cat.h"

namespace kibitzer::core {

MemoryBudget& MemoryBudget::Process() {
  static MemoryBudget budget;
  return budget;
}

bool MemoryBudget::Take(std::atomic<size_t>& count, size_t bytes, std::atomic<size_t>* peak) {
  size_t now = count.load();
  for (;;) {
    const size_t limit = limit_.load();
    if (limit != 0 && (bytes > limit || now > limit - bytes)) return false;
    if (count.compare_exchange_weak(now, now + bytes)) break;
  }
  if (peak != nullptr) {
    size_t seen = peak->load();
    while (seen < now + bytes && !peak->compare_exchange_weak(seen, now + bytes)) {
    }
  }
  return true;
}

absl::Status MemoryReservation::Take(MemoryBudget& budget, size_t bytes, const std::string& what) {
  Release();
  if (!budget.Reserve(bytes)) {
    const size_t limit = budget.limit(), reserved = budget.reserved();
    constexpr size_t kMiB = size_t{1} << 20;
    return absl::ResourceExhaustedError(absl::StrCat(
        "memory: ", what, " needs ", (bytes + kMiB - 1) / kMiB, " MiB of tables; the server's ",
        limit / kMiB, " MiB budget has ", (limit > reserved ? limit - reserved : 0) / kMiB,
        " MiB free now (ask for a smaller hash_mb or fewer threads, or retry later)"));
  }
  budget_ = &budget;
  bytes_ = bytes;
  return absl::OkStatus();
}

void MemoryReservation::Release() {
  if (budget_ != nullptr) budget_->Unreserve(bytes_);
  budget_ = nullptr;
  bytes_ = 0;
}

}  // namespace kibitzer::core
