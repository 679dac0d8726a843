// Monte Carlo samples spread over threads and combined in sample order, so a search's numbers do
// not depend on the thread count.
//
// Samples [0, total) run in batches of `batch` (a multiple of `threads`); within a batch, sample
// first + k goes to thread k mod threads, helper threads polling their own SearchControl on the
// same stop token. Each thread polls before each sample (a stop, the time limit: samples may be
// too small to poll inside). `solve(thread, sample, slot, control)` solves one sample into the
// caller's storage at `slot` (0 .. batch - 1) and returns its nodes, or nullopt when stopped or
// failed. After each batch `joined()` is called once, then `add(sample, slot)` in sample order for
// each solved sample; the run ends at the first sample not solved. The node limit counts the
// samples' nodes in that order and ends the run after the sample that reaches it, so that where
// it stops does not depend on the thread count. A sample whose own search reaches the limit (its
// solve polling with its own nodes) ends alone: the samples before it, on other threads, are
// solved and added, and the run ends before it. An exception thrown on any thread is thrown again
// here once the batch's threads are joined.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <optional>
#include <thread>
#include <vector>

#include "engine/core/first_error.h"
#include "engine/core/search_control.h"

namespace kibitzer::core {

// Returns kSampleLimit when every sample was added, else why the search stopped (kError when it
// was not told to stop).
template <typename Solve, typename Joined, typename Add>
StopReason RunSampleBatches(uint64_t total, int threads, uint64_t batch, SearchControl& control,
                            Solve&& solve, Joined&& joined, Add&& add) {
  threads = std::max(1, threads);
  std::vector<char> done(batch);
  std::vector<uint64_t> nodes(batch);
  uint64_t counted = 0;
  // The first slot of the batch whose sample reached the node limit by itself (batch: none):
  // later samples are not needed.
  std::atomic<uint64_t> cut{batch};
  FirstError errors;  // what a thread threw, thrown again here once all are joined
  struct LocalLimit {
    SearchControl& c;
    ~LocalLimit() { c.SetNodeLimitLocal(false); }
  } local{control};
  for (uint64_t first = 0; first < total; first += batch) {
    const uint64_t count = std::min(batch, total - first);
    std::fill(done.begin(), done.end(), 0);
    cut = batch;
    auto work = [&](int t, SearchControl& c) {
      c.SetNodeLimitLocal(true);
      for (uint64_t k = static_cast<uint64_t>(t); k < count; k += static_cast<uint64_t>(threads)) {
        if (k > cut.load() || c.Poll(0)) return;
        const std::optional<uint64_t> spent = solve(t, first + k, k, c);
        if (!spent.has_value()) {
          if (c.node_limited()) {
            uint64_t seen = cut.load();
            while (k < seen && !cut.compare_exchange_weak(seen, k)) {
            }
          }
          return;
        }
        nodes[k] = *spent;
        done[k] = 1;
      }
    };
    std::vector<std::thread> helpers;
    for (int t = 1; t < threads; ++t) {
      helpers.emplace_back([&, t] {
        errors.Run([&] {
          SearchControl helper(control.limits(), control.token());
          work(t, helper);
        });
      });
    }
    errors.Run([&] { work(0, control); });
    for (std::thread& h : helpers) h.join();
    errors.Rethrow();
    joined();
    for (uint64_t k = 0; k < count; ++k) {
      if (!done[k] && k == cut.load()) {
        control.Stop(StopReason::kNodeLimit);
        return StopReason::kNodeLimit;
      }
      if (!done[k]) {
        const StopReason r = control.reason();
        return r == StopReason::kNone ? StopReason::kError : r;
      }
      add(first + k, k);
      counted += nodes[k];
      if (control.limits().nodes != 0 && counted >= control.limits().nodes) {
        control.Stop(StopReason::kNodeLimit);
        return StopReason::kNodeLimit;
      }
    }
  }
  return StopReason::kSampleLimit;
}

}  // namespace kibitzer::core
