#include "engine/games/tarok/solver/parallel_solve.h"

#include <algorithm>
#include <atomic>
#include <memory>

#include "engine/core/parallel_jobs.h"
#include "engine/games/tarok/solver/solver.h"

namespace kibitzer::tarok {

ParallelSolveResult SolveCardsInParallel(
    const PlayState& s, const std::vector<int>& cards, int perspective, int threads,
    SolverTable& table, core::SearchControl& control,
    const std::function<void(size_t index, int value, uint64_t nodes)>& done) {
  threads = std::max(1, std::min(threads, static_cast<int>(cards.size())));
  table.SetShared(true);
  std::vector<std::unique_ptr<Solver>> solvers;
  for (int t = 0; t < threads; ++t) solvers.push_back(std::make_unique<Solver>(&table));
  std::vector<int> values(cards.size());
  std::vector<std::atomic<uint64_t>> nodes(static_cast<size_t>(threads));
  auto total = [&] {
    uint64_t sum = 0;
    for (const auto& n : nodes) sum += n.load(std::memory_order_relaxed);
    return sum;
  };
  // The last value found is the next card's first guess, as in Solver::SolveAll: the cards of
  // one position are mostly worth about the same.
  std::atomic<int> last{-1};
  ParallelSolveResult result;
  // Each card is written by the one thread that solves it, and read once they have all ended.
  result.stopped.resize(cards.size());
  result.reason = core::RunParallelJobs(
      cards.size(), threads, control,
      [&](int t, size_t i, core::SearchControl& own) {
        Solver& solver = *solvers[static_cast<size_t>(t)];
        solver.SetControl(&own);
        PlayState child = s;
        child.Play(cards[i]);
        const int guess = last.load(std::memory_order_relaxed);
        values[i] =
            solver.Solve(child, perspective, guess >= 0 ? std::optional<int>(guess) : std::nullopt);
        nodes[static_cast<size_t>(t)].store(solver.nodes(), std::memory_order_relaxed);
        if (solver.stopped()) {
          result.stopped[i] = solver.proven();
          return false;
        }
        last.store(values[i], std::memory_order_relaxed);
        return true;
      },
      [&](size_t i) { done(i, values[i], total()); }, total);
  result.nodes = total();
  return result;
}

}  // namespace kibitzer::tarok
