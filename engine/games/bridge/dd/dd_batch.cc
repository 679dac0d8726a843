#include "engine/games/bridge/dd/dd_batch.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <thread>

#include "engine/core/first_error.h"
#include "engine/core/thread_pool.h"

namespace kibitzer::bridge {

void RunBatch(int count, const BatchOptions& options,
              const std::function<void(DoubleDummySolver&, int)>& job) {
  int threads = options.threads > 0
                    ? options.threads
                    : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  threads = std::max(1, std::min(threads, count));
  std::atomic<int> next{0};
  auto work = [&] {
    DoubleDummySolver solver(DoubleDummySolver::Options{options.table_megabytes});
    for (;;) {
      if (options.stop != nullptr && options.stop->stopped()) break;
      const int i = next.fetch_add(1);
      if (i >= count) break;
      job(solver, i);
    }
    if (options.nodes != nullptr) *options.nodes += solver.nodes();
  };
  // A thread that throws (a table that cannot be had) ends the batch; the first exception is
  // thrown again here once every thread is joined.
  core::FirstError errors;
  core::ThreadGroup pool;
  for (int t = 1; t < threads; ++t) pool.Start([&] { errors.Run(work); });
  errors.Run(work);
  pool.Join();
  errors.Rethrow();
}

std::vector<DdTable> SolveTables(const std::vector<Hands>& deals, const BatchOptions& options) {
  // A job per deal and strain: the table starts afresh for each strain anyway, and jobs five
  // times smaller keep every thread busy to the end of a batch of deals of very unequal cost.
  std::vector<DdTable> tables(deals.size());
  std::vector<uint8_t> solved(deals.size() * 5, 0);  // a byte per job: no two threads share one
  RunBatch(static_cast<int>(deals.size()) * 5, options, [&](DoubleDummySolver& solver, int job) {
    std::optional<core::SearchControl> control;
    if (options.stop != nullptr) control.emplace(core::Limits{}, options.stop);
    const size_t i = static_cast<size_t>(job / 5);
    DdTable row;
    SolveStrain(solver, deals[i], job % 5, row, control ? &*control : nullptr);
    if (solver.aborted()) return;
    // Each job writes only its own strain's row.
    tables[i].tricks[job % 5] = row.tricks[job % 5];
    solved[static_cast<size_t>(job)] = 1;
  });
  // A table some of whose strains a stop left unsolved is given as none (all zeros).
  for (size_t i = 0; i < deals.size(); ++i) {
    if (std::count(solved.begin() + static_cast<ptrdiff_t>(i * 5),
                   solved.begin() + static_cast<ptrdiff_t>(i * 5 + 5), 1) != 5) {
      tables[i] = DdTable{};
    }
  }
  return tables;
}

std::vector<std::vector<std::pair<int, int>>> SolveCardsBatch(
    const std::vector<PlayPosition>& positions, const BatchOptions& options) {
  std::vector<std::vector<std::pair<int, int>>> out(positions.size());
  RunBatch(static_cast<int>(positions.size()), options, [&](DoubleDummySolver& solver, int i) {
    std::optional<core::SearchControl> control;
    if (options.stop != nullptr) control.emplace(core::Limits{}, options.stop);
    solver.ClearTable();
    auto values = solver.SolveCards(positions[i], control ? &*control : nullptr);
    if (!solver.aborted()) out[i] = std::move(values);
  });
  return out;
}

}  // namespace kibitzer::bridge
