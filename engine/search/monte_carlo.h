// Perfect-information Monte Carlo, written once for every game: draw layout i from stream i of
// the seed, solve it for the candidate moves, compare the moves over the layouts.
//
// A game plugs in through MonteCarloGame: its sampler and solver (Solve), the values it reports per
// move and layout (channels; channel 0 is the objective the moves are ranked by), and the words of
// its report (Describe, AddStatistics, EarlyAnswer). The driver owns everything else, in three
// parts: this file's sample scheduler (threads, the order samples are added in, batches, limits),
// the tally of what the samples say and the report it makes (mc_tally.h), and the race and
// confidence stop as pure functions (race.h):
// - Threads: `threads` workers started once for the search (none per batch); the calling thread
//   coordinates (reports, limits, pauses) and solves nothing; with no workers (threads 0) it solves
//   the samples itself.
// - Order: a layout's values land in its own slot and are added in sample order, so the numbers
//   after N samples are those of samples 0 .. N-1 whatever thread solved them.
// - Batches: reports and decisions (the confidence stop, the race) are taken after whole batches,
//   on exactly the samples before them; a batch's size never depends on the thread count.
// - Node limit (one rule): the samples' nodes are counted in sample order and the search ends after
//   the sample that reaches the limit; a sample whose own search reaches it ends the search before
//   it. Either way where it stops does not depend on the thread count.
// - Racing (successive elimination with an indifference margin, as in PAC best-arm
//   identification): after each batch from `min_samples` on, a move whose paired difference from
//   the best shows it worse, or better by no more than the margin, at the race's confidence
//   (Bonferroni over the moves still in the race) is dropped and not solved on later layouts. It
//   keeps the statistics of the layouts it was solved on and ranks below every move still in the
//   race. The race ends (completed) when one move is left. A decision applies from the batch
//   after next, so that the workers never wait for it. A move equal to the best on every layout
//   so far (no variance to test) is dropped only once that many straight ties would happen with
//   less than the race's error chance were the two to differ on 5% of the layouts (59 layouts
//   at 95%, more under Bonferroni), not at min_samples.
// - The confidence stop: once the best move is ahead of every other move in the race by its paired
//   difference at `confidence` (moves equal to it on every layout do not hold it back).
// - Stopped before the first sample: the game's early answer.
// Paired statistics are kept for up to kMaxPairedMoves moves; past that, differences are judged
// by the moves' own standard errors.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <concepts>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "engine/core/game.h"
#include "engine/core/options.h"
#include "engine/core/progress.h"
#include "engine/core/running_mean.h"
#include "engine/core/search_control.h"
#include "engine/core/thread_pool.h"
#include "engine/search/mc_tally.h"

namespace kibitzer::search {

struct MonteCarloConfig {
  uint64_t samples = 100;  // at most this many layouts
  // Workers solving layouts; 0: the calling thread solves them itself and no thread is started
  // (for many small searches, as a match player makes).
  int threads = 1;
  bool progress = true;       // a report after each batch
  uint64_t batch = 10;        // samples between reports and decisions
  uint64_t min_samples = 30;  // before the confidence stop or a drop
  double confidence = 0;      // stop once the best move is ahead at this level (0: never)
  double race = 0;            // drop moves behind the best at this level (0: value every move)
  // The race's indifference: a move shown no better than the best by more than this (in the
  // objective's unit; in the tie channel's where the objective is equal on every layout) is
  // dropped too, so that moves of equal value do not hold the race open.
  double margin = 0;
  double tie_margin = 0;
};

// What a game gives the driver. `Worker` is one thread's solving state (its tables), made on that
// thread. Solve draws layout `sample` from stream `sample` of the seed, solves it for the moves
// whose `alive` entry is 1, writes values[move * Channels() + channel] for those, and returns the
// nodes it searched, counted from zero for this sample and polled through `control` (so that the
// node limit applies to it alone); nullopt when `control` stopped it. It throws on failure (no
// layout fits the constraints, no memory): the search ends with the message.
template <typename G>
concept MonteCarloGame = requires(const G g, typename G::Worker& w, uint64_t sample,
                                  const uint8_t* alive, core::SearchControl& control,
                                  double* values, const MonteCarloMove& move, core::MoveValue& mv,
                                  core::Report& report) {
  { g.MoveCount() } -> std::convertible_to<int>;
  { g.Channels() } -> std::convertible_to<int>;
  // A channel that breaks ties of the objective (in the ranking and the paired tests); -1: none.
  { g.TieChannel() } -> std::convertible_to<int>;
  { g.MakeWorker() } -> std::same_as<std::unique_ptr<typename G::Worker>>;
  { g.Solve(w, sample, alive, control, values) } -> std::same_as<std::optional<uint64_t>>;
  // The move's name, display and metrics; value, std_error, samples and bound are set.
  {g.Describe(move, mv)};
  // The game's statistics of the whole search (samples drawn and rejected, ...).
  {g.AddStatistics(report)};
  // Stopped before the first sample: the moves the game can value without one, if any.
  {g.EarlyAnswer(report, control)};
};

// The threads a search with `config` keeps busy: its workers, or the calling thread alone.
inline int MonteCarloWorkers(const MonteCarloConfig& config) {
  return static_cast<int>(std::min<uint64_t>(static_cast<uint64_t>(std::max(1, config.threads)),
                                             std::max<uint64_t>(config.samples, 1)));
}

// The search options of every game with Monte Carlo, declared once (MonteCarloOptionSet): each
// game's search options include them.
struct MonteCarloOptions {
  core::Given<int> race;  // percent; not given: BestMove races, Analyze does not
  int confidence = 0;     // percent; 0: no early stop
  int min_samples = 0;
};
const core::OptionSet<MonteCarloOptions>& MonteCarloOptionSet();
// The driver's settings from those options and the search's spec: `default_samples` when the
// limits name none, `batch` samples between reports and decisions. BestMove races unless told
// race=0; Analyze races only when asked.
MonteCarloConfig MonteCarloConfigOf(const MonteCarloOptions& options, const core::SearchSpec& spec,
                                    uint64_t default_samples, uint64_t batch);

template <MonteCarloGame G>
class MonteCarloSearch {
 public:
  MonteCarloSearch(const G& game, MonteCarloConfig config)
      : game_(game),
        config_(config),
        moves_(game.MoveCount()),
        channels_(game.Channels()),
        tie_(game.TieChannel()),
        tally_(moves_, channels_, tie_, config.race > 0 || config.confidence > 0) {
    config_.threads = std::max(0, config_.threads);
    config_.batch = std::max<uint64_t>(1, config_.batch);
    ring_ =
        std::max<uint64_t>(config_.batch, 4 * static_cast<uint64_t>(MonteCarloWorkers(config_)));
    if (racing()) ring_ = 2 * config_.batch;  // the batch being added and the next one
  }

  core::Report Run(core::SearchControl& control, core::ProgressSink& sink) {
    const size_t m = static_cast<size_t>(moves_), c = static_cast<size_t>(channels_);
    tally_.Reset();
    masks_.assign(2 * m, 1);
    values_.assign(ring_ * m * c, 0.0);
    slot_nodes_.assign(ring_, 0);
    slot_state_.assign(ring_, kEmpty);
    limit_ = std::min(config_.samples, ring_);
    core::StopReason reason =
        config_.samples == 0 ? core::StopReason::kSampleLimit : core::StopReason::kNone;
    // A search stopped before it starts solves nothing.
    if (control.Poll(0)) inner_.Stop(control.reason());
    {
      core::ThreadGroup workers;
      for (int t = 0; t < (config_.threads == 0 ? 0 : MonteCarloWorkers(config_)); ++t) {
        workers.Start([this, &control] { Work(control); });
      }
      if (reason == core::StopReason::kNone) reason = Coordinate(control, sink);
      {
        std::lock_guard<std::mutex> lock(mu_);
        halt_ = true;
      }
      inner_.Stop(core::StopReason::kStopped);  // samples still being solved are not needed
      work_cv_.notify_all();
      workers.Join();
    }
    core::Report report = MakeReport(control);
    report.final = true;
    report.stop_reason = reason;
    if (reason == core::StopReason::kError) {
      report.message = error_;
    } else if (reason == core::StopReason::kCompleted) {
      report.message =
          tally_.InRace() == 1 && racing()
              ? absl::StrFormat(
                    "the race left one move: every other was shown behind it, or no "
                    "better by more than %g, at %.0f%% confidence",
                    config_.margin, 100 * config_.race)
              : absl::StrFormat("the best move is ahead of every other at %.0f%% confidence",
                                100 * config_.confidence);
    } else if (combined_ == 0 && reason != core::StopReason::kCancelled &&
               reason != core::StopReason::kShutdown) {
      report.message = "stopped before the first sample was solved";
      game_.EarlyAnswer(report, control);
      if (!report.moves.empty()) report.best_move = report.moves.front().move;
    }
    return report;
  }

  // Runs to the end on the calling thread, with no limits and no reports: a match player's
  // choice among its moves, one of many made at once.
  core::Report RunQuietly(const core::Limits& limits = {}) {
    class NoReports final : public core::ProgressSink {
     public:
      void OnProgress(const core::Report&) override {}
      void OnFinished(const core::Report&) override {}
    };
    config_.threads = 0;
    config_.progress = false;
    core::StopToken never;
    core::SearchControl control(limits, &never);
    NoReports sink;
    return Run(control, sink);
  }
  // After Run: the statistics of `move` on `channel`.
  const core::RunningMean& Stats(int move, int channel) const {
    return tally_.Stats(move, channel);
  }
  // After Run: the game's index of the move ranked first (-1 when no sample was solved).
  int BestIndex() const { return combined_ > 0 && moves_ > 0 ? tally_.Ranked().front() : -1; }

 private:
  enum SlotState : uint8_t { kEmpty, kDone, kCut, kStopped, kFailed };

  bool racing() const { return config_.race > 0; }

  // A worker thread: solves samples as they may be taken until halted.
  void Work(core::SearchControl& outer) {
    core::SearchControl control(outer.limits(), &inner_);
    std::unique_lock<std::mutex> lock(mu_);
    std::unique_ptr<typename G::Worker> worker = MakeWorker(lock);
    if (worker == nullptr) return;
    for (;;) {
      work_cv_.wait(lock, [this] { return halt_ || next_ < limit_; });
      if (halt_) return;
      SolveNext(*worker, control, lock);
    }
  }

  // The game's worker; null after a failure (mu_ held by `lock`, released meanwhile).
  std::unique_ptr<typename G::Worker> MakeWorker(std::unique_lock<std::mutex>& lock) {
    lock.unlock();
    std::unique_ptr<typename G::Worker> worker;
    std::string error;
    try {
      worker = game_.MakeWorker();
    } catch (const std::exception& e) {
      error = e.what();
    }
    lock.lock();
    if (!error.empty()) Fail(std::move(error));
    return worker;
  }

  // Takes the next sample (next_ < limit_, not halted), solves it without the lock and records
  // how that went (mu_ held by `lock`).
  void SolveNext(typename G::Worker& worker, core::SearchControl& control,
                 std::unique_lock<std::mutex>& lock) {
    const uint64_t sample = next_++;
    const uint64_t slot = sample % ring_;
    lock.unlock();
    control.SetNodeLimitLocal(true);
    std::optional<uint64_t> spent;
    std::string error;
    try {
      if (!control.Poll(0)) {
        spent = game_.Solve(worker, sample, MaskOf(sample), control,
                            values_.data() + slot * static_cast<uint64_t>(moves_ * channels_));
      }
    } catch (const std::exception& e) {
      error = e.what();
    }
    lock.lock();
    if (spent.has_value()) {
      slot_state_[slot] = kDone;
      slot_nodes_[slot] = *spent;
    } else if (!error.empty()) {
      slot_state_[slot] = kFailed;
      Fail(std::move(error));
    } else if (control.node_limited()) {
      slot_state_[slot] = kCut;
      cut_ = std::min(cut_, sample);  // later samples are not needed
      limit_ = std::min(limit_, cut_);
    } else {
      slot_state_[slot] = kStopped;
    }
    done_cv_.notify_one();
  }

  // mu_ held.
  void Fail(std::string error) {
    if (error_.empty()) error_ = std::move(error);
    halt_ = true;
    done_cv_.notify_one();
  }

  // Adds finished samples in order, reports and decides after each batch, watches the limits;
  // returns why the search ends.
  core::StopReason Coordinate(core::SearchControl& control, core::ProgressSink& sink) {
    std::unique_lock<std::mutex> lock(mu_);
    // With no worker threads, this thread solves the samples itself.
    std::optional<core::SearchControl> own;
    std::unique_ptr<typename G::Worker> worker;
    if (config_.threads == 0) {
      own.emplace(control.limits(), &inner_);
      worker = MakeWorker(lock);
      if (worker == nullptr) return core::StopReason::kError;
    }
    for (;;) {
      if (!inner_.stopped()) {
        if (worker != nullptr) {
          if (!halt_ && next_ < limit_) SolveNext(*worker, *own, lock);
        } else {
          done_cv_.wait_for(lock, std::chrono::milliseconds(20), [this] {
            return slot_state_[combined_ % ring_] != kEmpty || !error_.empty();
          });
        }
        if (const std::optional<core::StopReason> r = AddReady(control, &sink, lock)) return *r;
        if (!error_.empty()) return core::StopReason::kError;
      }
      lock.unlock();
      // A pause reaches the workers through their own token, and waits here with them.
      if (control.token()->pause_requested()) inner_.Pause();
      // A worker reaching the time limit stops the others through their token.
      const bool stopped = control.Poll(nodes_) || inner_.stopped();
      inner_.Resume();
      lock.lock();
      if (stopped) {
        const core::StopReason why = control.stopped() ? control.reason() : inner_.reason();
        control.Stop(why);
        inner_.Stop(why);
        // The samples finished by now count; those being solved are stopped.
        const std::optional<core::StopReason> r = AddReady(control, nullptr, lock);
        return r.has_value() && *r == core::StopReason::kNodeLimit ? *r : why;
      }
    }
  }

  // Adds the finished samples that follow those added, in order; after each whole batch reports
  // to `sink` and decides (not when `sink` is null). Returns why the search ends, if it does.
  std::optional<core::StopReason> AddReady(core::SearchControl& control, core::ProgressSink* sink,
                                           std::unique_lock<std::mutex>& lock) {
    const uint64_t node_limit = control.limits().nodes;
    while (combined_ < config_.samples) {
      const uint64_t slot = combined_ % ring_;
      const SlotState state = slot_state_[slot];
      if (state == kEmpty) return std::nullopt;
      if (state == kCut) {
        control.Stop(core::StopReason::kNodeLimit);
        return core::StopReason::kNodeLimit;
      }
      if (state == kFailed) return core::StopReason::kError;
      if (state == kStopped) {
        const core::StopReason r = control.stopped() ? control.reason() : inner_.reason();
        if (r == core::StopReason::kTimeLimit) control.Stop(r);
        return r == core::StopReason::kNone ? core::StopReason::kError : r;
      }
      tally_.Absorb(values_.data() + slot * static_cast<uint64_t>(moves_ * channels_),
                    MaskOf(combined_));
      slot_state_[slot] = kEmpty;
      nodes_ += slot_nodes_[slot];
      ++combined_;
      if (node_limit != 0 && nodes_ >= node_limit) {
        control.Stop(core::StopReason::kNodeLimit);
        return core::StopReason::kNodeLimit;
      }
      if (combined_ == config_.samples) return core::StopReason::kSampleLimit;
      const bool batch_end = combined_ % config_.batch == 0;
      if (sink != nullptr && batch_end) {
        if (Decide()) return core::StopReason::kCompleted;
      }
      if (sink != nullptr && batch_end && config_.progress) {
        // The report goes out without the lock: the workers go on meanwhile.
        const core::Report report = MakeReport(control);
        lock.unlock();
        sink->OnProgress(report);
        lock.lock();
      }
      if (!racing() || (batch_end && sink != nullptr)) {
        limit_ = std::min({config_.samples, combined_ + ring_, cut_});
        work_cv_.notify_all();
      }
    }
    return core::StopReason::kSampleLimit;
  }

  // The moves sample `sample` is solved for: its batch's mask.
  const uint8_t* MaskOf(uint64_t sample) const {
    return masks_.data() + (sample / config_.batch % 2) * static_cast<uint64_t>(moves_);
  }

  // After a whole batch: drops the moves the race shows behind; true when the race or the
  // confidence stop ends the search (mc_tally.h; mu_ held; the workers may be solving the next
  // batch, with its own mask).
  bool Decide() {
    if (combined_ < config_.min_samples) return false;
    const bool over = tally_.Decide(
        RacePolicy{config_.race, config_.confidence, config_.margin, config_.tie_margin});
    if (racing() && !over) {
      // The batch after the one being solved now runs with the moves left in the race (its
      // mask's slot was the batch just added).
      std::copy(
          tally_.alive().begin(), tally_.alive().end(),
          masks_.begin() + static_cast<ptrdiff_t>((combined_ / config_.batch + 1) % 2 * moves_));
    }
    return over;
  }

  core::Report MakeReport(const core::SearchControl& control) const {
    core::Report report;
    tally_.FillMoves(report, [this](const MonteCarloMove& move, core::MoveValue& mv) {
      game_.Describe(move, mv);
    });
    report.samples = combined_;
    report.nodes = nodes_;
    report.elapsed_seconds = control.ElapsedSeconds();
    if (racing()) {
      report.statistics.push_back({"raced_out", static_cast<double>(tally_.RacedOut()),
                                   "moves dropped by the race, no longer solved"});
    }
    report.statistics.push_back(
        {"samples_per_second",
         report.elapsed_seconds > 0 ? static_cast<double>(combined_) / report.elapsed_seconds : 0,
         "layouts solved per second", core::ValueUnit::kRate});
    game_.AddStatistics(report);
    return report;
  }

  const G& game_;
  MonteCarloConfig config_;
  const int moves_;
  const int channels_;
  const int tie_;
  // What the samples added so far say (the coordinator's, or under mu_).
  MonteCarloTally tally_;
  uint64_t ring_ = 1;  // slots for samples being solved or waiting to be added

  // The workers' own token: the coordinator passes a stop or pause on, and stops them once their
  // samples are not needed.
  core::StopToken inner_;
  std::mutex mu_;
  std::condition_variable work_cv_;  // a sample may be taken, or halt
  std::condition_variable done_cv_;  // a sample finished, or failed
  uint64_t next_ = 0;                // the next sample to take
  uint64_t limit_ = 0;               // samples below it may be taken
  uint64_t cut_ = UINT64_MAX;        // the first sample whose own search reached the node limit
  bool halt_ = false;
  std::string error_;
  std::vector<double> values_;  // [slot][move][channel]
  std::vector<uint64_t> slot_nodes_;
  std::vector<SlotState> slot_state_;

  // The samples added so far (coordinator only, or under mu_).
  uint64_t combined_ = 0;
  uint64_t nodes_ = 0;
  // The moves each batch is solved for, a slot per batch parity: batch b + 1 runs with the race
  // as decided after batch b - 1, so that the workers go on into it while batch b is added (the
  // same at any thread count). Read by Solve.
  std::vector<uint8_t> masks_;
};

}  // namespace kibitzer::search
