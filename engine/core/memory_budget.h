// The server-wide budget for the search tables: every table of every search and call together
// stays within one limit.
//
// Two counts against the same limit:
// - reserved: what admitted searches and calls said their tables will take at most (SearchTask::
//   TableBytes); an admission that does not fit is refused at once (RESOURCE_EXHAUSTED).
// - allocated: the tables actually held (AllocateLarge charges it); an allocation that does not fit
//   fails with MemoryExhausted, so a search that took more than it said fails alone.
// The process has one budget (Process()); a limit of 0 means none. Thread-safe.
#pragma once

#include <atomic>
#include <cstddef>
#include <new>
#include <string>

#include "absl/status/status.h"

namespace kibitzer::core {

// Thrown when a table cannot be had: over the budget, or the system refused the memory.
class MemoryExhausted : public std::bad_alloc {
 public:
  explicit MemoryExhausted(std::string message) : message_(std::move(message)) {}
  const char* what() const noexcept override { return message_.c_str(); }

 private:
  std::string message_;
};

class MemoryBudget {
 public:
  explicit MemoryBudget(size_t limit = 0) : limit_(limit) {}
  static MemoryBudget& Process();

  void SetLimit(size_t bytes) { limit_ = bytes; }
  size_t limit() const { return limit_.load(); }
  size_t reserved() const { return reserved_.load(); }
  size_t allocated() const { return allocated_.load(); }
  size_t peak_allocated() const { return peak_.load(); }

  // False (nothing reserved or charged) when `bytes` more would pass the limit.
  bool Reserve(size_t bytes) { return Take(reserved_, bytes, nullptr); }
  void Unreserve(size_t bytes) { reserved_ -= bytes; }
  bool Charge(size_t bytes) { return Take(allocated_, bytes, &peak_); }
  void Uncharge(size_t bytes) { allocated_ -= bytes; }

 private:
  bool Take(std::atomic<size_t>& count, size_t bytes, std::atomic<size_t>* peak);

  std::atomic<size_t> limit_;
  std::atomic<size_t> reserved_{0};
  std::atomic<size_t> allocated_{0};
  std::atomic<size_t> peak_{0};
};

// Memory reserved for one search or call, given back when it goes out of scope.
class MemoryReservation {
 public:
  MemoryReservation() = default;
  // RESOURCE_EXHAUSTED, saying how much is needed and free, when `bytes` do not fit; `what` names
  // the work ("this search").
  absl::Status Take(MemoryBudget& budget, size_t bytes, const std::string& what);
  ~MemoryReservation() { Release(); }
  MemoryReservation(MemoryReservation&& other) noexcept
      : budget_(other.budget_), bytes_(other.bytes_) {
    other.budget_ = nullptr;
  }
  MemoryReservation& operator=(MemoryReservation&&) = delete;
  MemoryReservation(const MemoryReservation&) = delete;
  void Release();

 private:
  MemoryBudget* budget_ = nullptr;
  size_t bytes_ = 0;
};

}  // namespace kibitzer::core
