#include "engine/games/bridge/dd_batch.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <optional>
#include <thread>

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
      if (options.stop != nullptr && options.stop->stopped()) return;
      const int i = next.fetch_add(1);
      if (i >= count) return;
      job(solver, i);
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
}

std::vector<DdTable> SolveTables(const std::vector<Hands>& deals, const BatchOptions& options) {
  std::vector<DdTable> tables(deals.size());
  RunBatch(static_cast<int>(deals.size()), options, [&](DoubleDummySolver& solver, int i) {
    std::optional<core::SearchControl> control;
    if (options.stop != nullptr) control.emplace(core::Limits{}, options.stop);
    DdTable t = SolveTable(solver, deals[i], control ? &*control : nullptr);
    if (!solver.aborted()) tables[i] = t;
  });
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
