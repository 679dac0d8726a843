// The drop-in library's one piece of process-wide state, as DDS's C API has it: the threads
// configured (SetMaxThreads, SetResources) and one solver per thread index for the calls that
// name one (SolveBoard, AnalysePlay). Thread-safe: each index's solver is used under its own lock;
// the batch calls start their own threads (at most the threads configured) and solvers.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "engine/games/bridge/dd/dd_solver.h"

namespace kibitzer::libdds {

class Runtime {
 public:
  static Runtime& Get();

  // DDS's SetMaxThreads and SetResources: at most `threads` (0 or less: one per core, as DDS
  // configures itself), never more than the cores; `memory_mb` (0 or less: no bound) bounds the
  // tables of all threads together.
  void Configure(int threads, int memory_mb);
  int threads() const;
  int table_megabytes() const;
  // Gives up the solvers' tables (FreeMemory); later calls make them again.
  void Free();
  // Runs `work` with the solver of thread index `index`; false when the index is not one of the
  // threads configured.
  bool WithSolver(int index, const std::function<void(bridge::DoubleDummySolver&)>& work);

 private:
  Runtime();
  struct Slot {
    std::mutex mu;
    std::unique_ptr<bridge::DoubleDummySolver> solver;
  };
  mutable std::mutex mu_;
  int threads_ = 1;
  int table_mb_ = 32;
  std::vector<std::unique_ptr<Slot>> slots_;
};

}  // namespace kibitzer::libdds
