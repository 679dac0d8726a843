#include "engine/games/bridge/batch_jobs.h"

#include <algorithm>
#include <atomic>
#include <functional>

namespace kibitzer::bridge {
namespace {

// A job: `work` runs the batch with the runner's stop token and a node counter.
template <typename Answer>
class BatchJob final : public core::SearchTask {
 public:
  using Work = std::function<Answer(const BatchOptions&, core::SearchControl&)>;
  BatchJob(Work work, BatchOptions batch, std::shared_ptr<Answer> out)
      : work_(std::move(work)), batch_(batch), out_(std::move(out)) {}

  core::Report Run(core::SearchControl& control, core::ProgressSink&) override {
    std::atomic<uint64_t> nodes{0};
    BatchOptions batch = batch_;
    batch.stop = control.token();
    batch.nodes = &nodes;
    *out_ = work_(batch, control);
    core::Report report;
    report.final = true;
    report.nodes = nodes.load();
    report.elapsed_seconds = control.ElapsedSeconds();
    report.stop_reason = control.stopped() ? control.reason() : core::StopReason::kCompleted;
    return report;
  }
  size_t TableBytes() const override {
    return static_cast<size_t>(batch_.threads) *
           DoubleDummySolver::TableBytes(batch_.table_megabytes);
  }
  int Threads() const override { return batch_.threads; }

 private:
  Work work_;
  BatchOptions batch_;
  std::shared_ptr<Answer> out_;
};

BatchOptions Threads(int threads, int jobs) {
  BatchOptions batch;
  batch.threads = std::max(1, std::min(threads, jobs));
  return batch;
}

}  // namespace

std::unique_ptr<core::SearchTask> TablesJob(std::vector<Hands> deals, int threads,
                                            std::shared_ptr<std::vector<DdTable>> out) {
  // A job per deal and strain (SolveTables).
  const BatchOptions batch = Threads(threads, 5 * static_cast<int>(deals.size()));
  return std::make_unique<BatchJob<std::vector<DdTable>>>(
      [deals = std::move(deals)](const BatchOptions& b, core::SearchControl&) {
        return SolveTables(deals, b);
      },
      batch, std::move(out));
}

std::unique_ptr<core::SearchTask> BoardsJob(std::vector<PlayPosition> positions, int threads,
                                            std::shared_ptr<std::vector<CardValues>> out) {
  const BatchOptions batch = Threads(threads, static_cast<int>(positions.size()));
  return std::make_unique<BatchJob<std::vector<CardValues>>>(
      [positions = std::move(positions)](const BatchOptions& b, core::SearchControl&) {
        return SolveCardsBatch(positions, b);
      },
      batch, std::move(out));
}

std::unique_ptr<core::SearchTask> PlayJob(GameRecord record, int table_megabytes,
                                          std::shared_ptr<absl::StatusOr<PlayAnalysis>> out) {
  BatchOptions batch = Threads(1, 1);
  batch.table_megabytes = table_megabytes;
  return std::make_unique<BatchJob<absl::StatusOr<PlayAnalysis>>>(
      [record = std::move(record)](const BatchOptions& b, core::SearchControl& control) {
        DoubleDummySolver solver(DoubleDummySolver::Options{b.table_megabytes});
        absl::StatusOr<PlayAnalysis> analysis = AnalysePlay(solver, record, &control);
        *b.nodes += solver.nodes();
        return analysis;
      },
      batch, std::move(out));
}

}  // namespace kibitzer::bridge
