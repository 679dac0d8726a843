#include "engine/games/bridge/monte_carlo.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/games/bridge/dd_solver.h"
#include "engine/games/bridge/dd_table.h"

namespace kibitzer::bridge {
namespace {

std::string Display(const CardStats& s, const ResultModel& model) {
  std::string out = absl::StrFormat("%.2f tricks ±%.2f", s.tricks, s.tricks_se);
  if (model.contract && !model.contract->passed_out()) {
    absl::StrAppendFormat(&out, ", %s %.1f%% ±%.1f, score %+.0f ±%.0f",
                          model.mover_declares ? "makes" : "defeats", 100 * s.success,
                          100 * s.success_se, s.score, s.score_se);
  }
  return out;
}

}  // namespace

// The threads that draw and solve samples. Sample i's results land in slot i; `done` marks the
// slots filled, so the caller can use exactly the first N.
class MonteCarloTask::Workers {
 public:
  Workers(MonteCarloTask& task, core::StopToken* token) : task_(task), token_(token) {
    done_.assign(task.options_.samples, 0);
    sample_nodes_.assign(task.options_.samples, 0);
    for (int t = 0; t < task.options_.threads; ++t) {
      threads_.emplace_back([this] {
        // A failure (a table that cannot be had) ends the search with its message.
        try {
          Work();
        } catch (const std::exception& e) {
          std::lock_guard<std::mutex> lock(mu_);
          if (error_.empty()) error_ = e.what();
          cv_.notify_all();
        }
      });
    }
  }
  ~Workers() {
    quit_ = true;
    for (std::thread& t : threads_) t.join();
  }

  // Waits a little for progress; returns the number of leading samples done.
  uint64_t Prefix(std::string& error) {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait_for(lock, std::chrono::milliseconds(20));
    while (prefix_ < done_.size() && done_[prefix_]) ++prefix_;
    error = error_;
    return prefix_;
  }
  // The nodes of samples 0 .. prefix - 1, in order; `*reach` gets how many leading samples it
  // takes for them to reach `limit` (0: they do not, or no limit).
  uint64_t NodesInOrder(uint64_t prefix, uint64_t limit, uint64_t* reach) {
    std::lock_guard<std::mutex> lock(mu_);
    uint64_t sum = 0;
    *reach = 0;
    for (uint64_t i = 0; i < prefix; ++i) {
      sum += sample_nodes_[i];
      if (limit != 0 && *reach == 0 && sum >= limit) *reach = i + 1;
    }
    return sum;
  }
  uint64_t nodes() const { return nodes_.load(); }
  int64_t rejected() const { return rejected_.load(); }

 private:
  void Work() {
    const MonteCarloOptions& o = task_.options_;
    const int n = static_cast<int>(o.candidates.size());
    const bool imps = o.objective == Objective::kImps;
    DoubleDummySolver solver(DoubleDummySolver::Options{o.table_megabytes});
    std::unique_ptr<DoubleDummySolver> table_solver;
    if (imps) {
      table_solver =
          std::make_unique<DoubleDummySolver>(DoubleDummySolver::Options{o.table_megabytes});
    }
    core::SearchControl control(core::Limits{}, token_);
    int8_t values[13];
    uint64_t candidate_mask = 0;
    for (int card : o.candidates) candidate_mask |= uint64_t{1} << card;
    uint64_t counted = 0;
    while (!quit_) {
      const uint64_t i = next_.fetch_add(1);
      if (i >= done_.size()) break;
      core::Rng rng = core::Rng::ForStream(o.seed, i);
      Hands start;
      int64_t rejected = 0;
      const bool drawn = task_.sampler_.Sample(rng, start, &rejected);
      rejected_ += rejected;
      if (!drawn) {
        std::lock_guard<std::mutex> lock(mu_);
        error_ = absl::StrCat("constraints: no layout satisfying them was found in ", rejected,
                              " draws");
        cv_.notify_all();
        break;
      }
      const PlayPosition position = PositionOn(task_.view_, start);
      // Entries of other layouts only crowd the table: start each layout afresh.
      solver.ClearTable();
      // Each layout's search depends on nothing else, so the nodes are the same at any thread
      // count too.
      const auto solved = solver.SolveCards(position, &control, candidate_mask);
      if (solver.aborted()) {
        if (i == 0) {
          std::lock_guard<std::mutex> lock(mu_);
          task_.first_partial_ = solved;
        }
        break;
      }
      for (const auto& [card, value] : solved) {
        const auto it = std::lower_bound(o.candidates.begin(), o.candidates.end(), card,
                                         [](int a, int b) { return CardOrder(a) < CardOrder(b); });
        values[it - o.candidates.begin()] = static_cast<int8_t>(value);
      }
      int32_t par = 0;
      if (imps) {
        const DdTable table = SolveTable(*table_solver, start, &control);
        if (table_solver->aborted()) break;
        const Par p =
            DealerPar(table, task_.view_.dealer.value_or(kNorth), task_.view_.vulnerability);
        par = IsNorthSouth(task_.view_.now.ToMove()) ? p.score : -p.score;
      }
      const uint64_t total = solver.nodes() + (table_solver ? table_solver->nodes() : 0);
      const uint64_t spent = total - counted;
      nodes_ += spent;
      counted = total;
      std::lock_guard<std::mutex> lock(mu_);
      sample_nodes_[i] = spent;
      std::copy(values, values + n, task_.tricks_.begin() + static_cast<ptrdiff_t>(i * n));
      if (imps) task_.par_[i] = par;
      done_[i] = 1;
      cv_.notify_all();
    }
  }

  // Cards are kept in suit order, highest rank first (the legal-move order).
  static int CardOrder(int card) { return SuitOf(card) * 16 + (15 - RankOf(card)); }

  MonteCarloTask& task_;
  core::StopToken* token_;
  std::vector<std::thread> threads_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<uint8_t> done_;
  std::vector<uint64_t> sample_nodes_;  // each sample's nodes, once done
  uint64_t prefix_ = 0;
  std::string error_;
  std::atomic<uint64_t> next_{0};
  std::atomic<bool> quit_{false};
  std::atomic<uint64_t> nodes_{0};
  std::atomic<int64_t> rejected_{0};
};

MonteCarloTask::MonteCarloTask(SeatView view, std::unique_ptr<dealer::Script> script,
                               LayoutSampler sampler, ResultModel model, MonteCarloOptions options)
    : view_(std::move(view)),
      script_(std::move(script)),
      sampler_(std::move(sampler)),
      model_(model),
      options_(std::move(options)) {}

core::Report MonteCarloTask::MakeReport(int samples, uint64_t nodes, int64_t rejected,
                                        const core::SearchControl& control) const {
  core::Report report;
  const int32_t* par = options_.objective == Objective::kImps ? par_.data() : nullptr;
  if (samples > 0) {
    for (const CardStats& s :
         Summarize(options_.candidates, tricks_.data(), par, samples, model_, options_.objective)) {
      core::MoveValue mv;
      mv.move = CardName(s.card);
      mv.value = s.objective;
      mv.std_error = s.objective_se;
      mv.bound = core::Bound::kEstimate;
      mv.samples = static_cast<uint64_t>(samples);
      mv.display = Display(s, model_);
      mv.metrics = {{"mean_tricks", s.tricks, "tricks the side to move takes from here"},
                    {"mean_tricks_se", s.tricks_se, "standard error of mean_tricks"}};
      if (model_.contract) {
        mv.metrics.push_back({"success", s.success,
                              model_.mover_declares ? "probability of making the contract"
                                                    : "probability of defeating the contract"});
        mv.metrics.push_back({"success_se", s.success_se, "standard error of success"});
        mv.metrics.push_back({"score", s.score, "expected duplicate score, side to move"});
        mv.metrics.push_back({"score_se", s.score_se, "standard error of score"});
      }
      if (par != nullptr) {
        mv.metrics.push_back({"imps", s.imps, "expected IMPs against the double-dummy par"});
        mv.metrics.push_back({"imps_se", s.imps_se, "standard error of imps"});
      }
      report.moves.push_back(std::move(mv));
    }
    report.best_move = report.moves.front().move;
  }
  report.samples = static_cast<uint64_t>(samples);
  report.nodes = nodes;
  report.elapsed_seconds = control.ElapsedSeconds();
  report.statistics = {
      {"samples", static_cast<double>(samples), "layouts sampled and solved"},
      {"rejected", static_cast<double>(rejected), "layouts drawn and rejected by the constraints"},
      {"layouts", sampler_.layouts(), "layouts consistent with the seat's knowledge (at most)"},
      {"samples_per_second", report.elapsed_seconds > 0 ? samples / report.elapsed_seconds : 0.0,
       "layouts solved per second"}};
  return report;
}

core::Report MonteCarloTask::Run(core::SearchControl& control, core::ProgressSink& sink) {
  const size_t n = options_.candidates.size();
  tricks_.assign(options_.samples * n, 0);
  if (options_.objective == Objective::kImps) par_.assign(options_.samples, 0);
  core::StopReason reason = core::StopReason::kNone;
  uint64_t reported = 0, prefix = 0;
  std::string error;
  core::Report report;
  {
    Workers workers(*this, control.token());
    const uint64_t cap = options_.samples;
    // The node limit counts the samples' nodes in sample order, so that where it stops does not
    // depend on the thread count: after the first `reach` samples.
    uint64_t reach = 0;
    while (reason == core::StopReason::kNone) {
      prefix = workers.Prefix(error);
      if (!error.empty()) {
        reason = core::StopReason::kError;
        break;
      }
      const uint64_t in_order = workers.NodesInOrder(prefix, control.limits().nodes, &reach);
      const uint64_t usable = reach != 0 ? reach : prefix;
      // Decisions only at whole batches, on exactly the first `reported` samples.
      while (reason == core::StopReason::kNone &&
             (reported + options_.batch <= usable || (usable == cap && reported < cap))) {
        reported = std::min<uint64_t>(reported + options_.batch, cap);
        report =
            MakeReport(static_cast<int>(reported), workers.nodes(), workers.rejected(), control);
        sink.OnProgress(report);
        if (reported == cap) {
          reason = core::StopReason::kSampleLimit;
        } else if (options_.confidence > 0 &&
                   reported >= static_cast<uint64_t>(options_.min_samples)) {
          const int32_t* par = options_.objective == Objective::kImps ? par_.data() : nullptr;
          const auto best = std::find(options_.candidates.begin(), options_.candidates.end(),
                                      *ParseCard(report.best_move));
          if (Separated(options_.candidates, tricks_.data(), par, static_cast<int>(reported),
                        model_, options_.objective,
                        static_cast<int>(best - options_.candidates.begin()),
                        NormalQuantile(options_.confidence))) {
            reason = core::StopReason::kCompleted;
          }
        }
      }
      if (reason == core::StopReason::kNone && reach != 0) {
        reason = core::StopReason::kNodeLimit;
        control.Stop(reason);
      } else if (reason == core::StopReason::kNone && control.Poll(in_order)) {
        reason = control.reason();
        prefix = workers.Prefix(error);
      }
    }
    const uint64_t final_count =
        reason == core::StopReason::kSampleLimit || reason == core::StopReason::kCompleted
            ? reported
        : reason == core::StopReason::kNodeLimit ? reach
                                                 : prefix;
    // Workers stop when they go out of scope; the slots below final_count are complete.
    report =
        MakeReport(static_cast<int>(final_count), workers.nodes(), workers.rejected(), control);
  }
  report.final = true;
  report.stop_reason = reason;
  if (reason == core::StopReason::kError) {
    report.message = error;
  } else if (reason == core::StopReason::kCompleted) {
    report.message = absl::StrFormat("the best card is ahead of every other at %.0f%% confidence",
                                     100 * options_.confidence);
  } else if (report.samples == 0) {
    report.message = "stopped before the first sample was solved";
    // Unless nobody listens any more.
    if (reason != core::StopReason::kCancelled && reason != core::StopReason::kShutdown) {
      FirstLayoutOnly(report, control.limits().nodes);
    }
  }
  return report;
}

void MonteCarloTask::FirstLayoutOnly(core::Report& report, uint64_t node_limit) const {
  // Layout 0, drawn again from its stream (the workers are done).
  core::Rng rng = core::Rng::ForStream(options_.seed, 0);
  Hands layout;
  int64_t rejected = 0;
  if (!sampler_.Sample(rng, layout, &rejected)) return;
  std::vector<std::pair<int, int>> solved = first_partial_;
  if (solved.empty()) {
    // A small search of its own (the task's token has stopped), bounded by nodes: no more than
    // the search's own node limit.
    constexpr uint64_t kBudget = 200'000;
    uint64_t candidate_mask = 0;
    for (int card : options_.candidates) candidate_mask |= uint64_t{1} << card;
    core::StopToken token;
    core::Limits limits;
    limits.nodes = node_limit != 0 ? std::min(kBudget, node_limit) : kBudget;
    core::SearchControl control(limits, &token);
    DoubleDummySolver solver(DoubleDummySolver::Options{options_.table_megabytes});
    solved = solver.SolveCards(PositionOn(view_, layout), &control, candidate_mask);
    report.nodes += solver.nodes();
  }
  if (solved.empty()) return;
  // One sample of the cards valued; IMPs would need the layout's par, so the score stands in.
  std::vector<int> cards;
  std::vector<int8_t> tricks;
  for (const auto& [card, value] : solved) {
    cards.push_back(card);
    tricks.push_back(static_cast<int8_t>(value));
  }
  const Objective objective =
      options_.objective == Objective::kImps ? Objective::kScore : options_.objective;
  for (const CardStats& s : Summarize(cards, tricks.data(), nullptr, 1, model_, objective)) {
    core::MoveValue mv;
    mv.move = CardName(s.card);
    mv.value = s.objective;
    mv.bound = core::Bound::kEstimate;
    mv.display =
        absl::StrCat("first layout only: ", s.tricks, s.tricks == 1 ? " trick" : " tricks");
    if (model_.contract && !model_.contract->passed_out()) {
      absl::StrAppend(&mv.display, ", ", s.success > 0 ? "" : "does not ",
                      model_.mover_declares ? "make" : "defeat", s.success > 0 ? "s" : "",
                      " the contract, score ", absl::StrFormat("%+.0f", s.score));
    }
    mv.metrics = {{"mean_tricks", s.tricks, "tricks the side to move takes on the first layout"}};
    report.moves.push_back(std::move(mv));
  }
  report.best_move = report.moves.front().move;
  absl::StrAppend(&report.message, "; the cards shown (", solved.size(), " of ",
                  options_.candidates.size(), ") are valued on the first layout only",
                  options_.objective == Objective::kImps ? ", by its score (no par)" : "");
}

}  // namespace kibitzer::bridge
