// Carries the first exception thrown on any of a search's threads to the thread that joins them,
// so that a failure on a helper thread (a table that cannot be had: MemoryExhausted) ends that
// search alone instead of the whole process.
#pragma once

#include <exception>
#include <mutex>
#include <utility>

namespace kibitzer::core {

class FirstError {
 public:
  // Runs f(); an exception it throws is kept (the first of all) instead of leaving the thread.
  // False when f threw.
  template <typename F>
  bool Run(F&& f) noexcept {
    try {
      std::forward<F>(f)();
      return true;
    } catch (...) {
      std::lock_guard<std::mutex> lock(mu_);
      if (!error_) error_ = std::current_exception();
      return false;
    }
  }
  // Throws the kept exception, if any; call after joining the threads.
  void Rethrow() {
    std::lock_guard<std::mutex> lock(mu_);
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
  }

 private:
  std::mutex mu_;
  std::exception_ptr error_;
};

}  // namespace kibitzer::core
