// A Monte Carlo search as a core::SearchTask: the game's part is made when the search starts, on
// the search's own thread (a sampler's set-up can take millions of steps), then the driver runs.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>

#include "absl/status/statusor.h"
#include "engine/core/game.h"
#include "engine/search/monte_carlo.h"

namespace kibitzer::search {

template <MonteCarloGame G>
class MonteCarloTask final : public core::SearchTask {
 public:
  using Make = std::function<absl::StatusOr<std::unique_ptr<G>>()>;

  // `table_bytes` is what one worker's tables take.
  MonteCarloTask(Make make, MonteCarloConfig config, size_t table_bytes = 0)
      : make_(std::move(make)), config_(config), table_bytes_(table_bytes) {
    frame.target.samples = config_.samples;
  }

  core::Report Run(core::SearchControl& control, core::ProgressSink& sink) override {
    absl::StatusOr<std::unique_ptr<G>> game = make_();
    if (!game.ok()) {
      core::Report report;
      report.final = true;
      report.stop_reason = core::StopReason::kError;
      report.message = std::string(game.status().message());
      report.elapsed_seconds = control.ElapsedSeconds();
      return report;
    }
    MonteCarloSearch<G> search(**game, config_);
    return search.Run(control, sink);
  }

  size_t TableBytes() const override { return static_cast<size_t>(Threads()) * table_bytes_; }
  int Threads() const override { return MonteCarloWorkers(config_); }

 private:
  Make make_;
  MonteCarloConfig config_;
  size_t table_bytes_;
};

}  // namespace kibitzer::search
