// Many double-dummy jobs at once, spread over threads: each thread has its own solver, jobs are
// handed out in order from a shared counter, and results land in their input slots, so the output
// does not depend on the thread count.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/core/search_control.h"
#include "engine/games/bridge/dd/dd_table.h"

namespace kibitzer::bridge {

struct BatchOptions {
  int threads = 0;                         // 0: one per hardware thread
  int table_megabytes = 32;                // per thread
  core::StopToken* stop = nullptr;         // optional: stops the remaining jobs
  std::atomic<uint64_t>* nodes = nullptr;  // optional: gets the nodes every thread searched
};

// Runs job(solver, i) for i in [0, count) over the threads.
void RunBatch(int count, const BatchOptions& options,
              const std::function<void(DoubleDummySolver&, int)>& job);

// The tables of many deals. A table left unsolved because of a stop is all zeros.
std::vector<DdTable> SolveTables(const std::vector<Hands>& deals, const BatchOptions& options);

// The value of every legal card (as DoubleDummySolver::SolveCards) of many positions.
std::vector<std::vector<std::pair<int, int>>> SolveCardsBatch(
    const std::vector<PlayPosition>& positions, const BatchOptions& options);

}  // namespace kibitzer::bridge
