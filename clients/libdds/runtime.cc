#include "clients/libdds/runtime.h"

#include <algorithm>
#include <thread>

namespace kibitzer::libdds {
namespace {

constexpr int kTableMb = 32;  // a thread's table, as the engine's searches take by default

int Cores() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

}  // namespace

Runtime& Runtime::Get() {
  static Runtime runtime;
  return runtime;
}

Runtime::Runtime() { Configure(0, 0); }

void Runtime::Configure(int threads, int memory_mb) {
  std::lock_guard<std::mutex> lock(mu_);
  threads_ = threads <= 0 ? Cores() : std::min(threads, Cores());
  table_mb_ = kTableMb;
  if (memory_mb > 0) table_mb_ = std::clamp(memory_mb / threads_, 1, kTableMb);
  // Slots are only ever added, so that a caller holding one keeps it.
  while (static_cast<int>(slots_.size()) < threads_) slots_.push_back(std::make_unique<Slot>());
}

int Runtime::threads() const {
  std::lock_guard<std::mutex> lock(mu_);
  return threads_;
}

int Runtime::table_megabytes() const {
  std::lock_guard<std::mutex> lock(mu_);
  return table_mb_;
}

void Runtime::Free() {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto& slot : slots_) {
    std::lock_guard<std::mutex> hold(slot->mu);
    slot->solver.reset();
  }
}

bool Runtime::WithSolver(int index, const std::function<void(bridge::DoubleDummySolver&)>& work) {
  Slot* slot = nullptr;
  int table_mb = kTableMb;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (index < 0 || index >= threads_) return false;
    slot = slots_[static_cast<size_t>(index)].get();
    table_mb = table_mb_;
  }
  std::lock_guard<std::mutex> hold(slot->mu);
  if (!slot->solver) {
    slot->solver =
        std::make_unique<bridge::DoubleDummySolver>(bridge::DoubleDummySolver::Options{table_mb});
  }
  work(*slot->solver);
  return true;
}

}  // namespace kibitzer::libdds
