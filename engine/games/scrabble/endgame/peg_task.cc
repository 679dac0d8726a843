#include "engine/games/scrabble/endgame/peg_task.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/games/scrabble/endgame/peg.h"

namespace kibitzer::scrabble {
namespace {

class PegTask final : public core::SearchTask {
 public:
  PegTask(Position pos, std::vector<Move> plays, const PegTaskOptions& options)
      : pos_(std::move(pos)), plays_(std::move(plays)), options_(options) {}

  core::Report Run(core::SearchControl& control, core::ProgressSink& sink) override {
    PegSolver solver(pos_, options_.table_log2);
    std::vector<PegPlay> done;
    double best = 0;
    bool won_all = false;
    for (const Move& m : plays_) {
      if (control.stopped()) break;
      PegPlay p = solver.Solve(m, control, options_.prune ? best : 0);
      if (!p.complete && control.stopped()) break;
      if (p.complete) best = std::max(best, p.Points());
      done.push_back(std::move(p));
      if (done.back().complete) sink.OnProgress(MakeReport(solver, done, control));
      if (options_.first_win && done.back().complete &&
          done.back().win_ways == solver.total_ways()) {
        won_all = true;
        break;
      }
    }
    core::Report report = MakeReport(solver, done, control);
    report.final = true;
    report.stop_reason = control.stopped() ? control.reason() : core::StopReason::kCompleted;
    const size_t left = plays_.size() - done.size();
    if (won_all) {
      report.message = absl::StrCat("first win: ", report.best_move, " wins every draw; ", left,
                                    " plays not tried");
    } else if (left > 0) {
      report.message = absl::StrCat(left, " plays not reached");
    }
    return report;
  }
  size_t TableBytes() const override { return EndgameSolver::TableBytes(options_.table_log2); }

 private:
  core::Report MakeReport(const PegSolver& solver, std::vector<PegPlay> plays,
                          const core::SearchControl& control) const {
    const std::vector<PegDraw>& draws = solver.draws();
    const double total = static_cast<double>(solver.total_ways());
    // Solved plays first, by points (then in the order tried); then those cut.
    std::stable_sort(plays.begin(), plays.end(), [&](const PegPlay& a, const PegPlay& b) {
      if (a.complete != b.complete) return a.complete;
      return a.complete && a.Points() > b.Points();
    });
    core::Report report;
    for (const PegPlay& p : plays) {
      core::MoveValue mv;
      mv.move = pos_.Format(p.move);
      mv.depth = 1;
      if (p.complete) {
        mv.value = p.Points() / total;
        mv.bound = core::Bound::kExact;
        mv.display =
            absl::StrFormat("wins %.1f%% of draws (%d of %d kinds won, %d tied)", 100 * mv.value,
                            Count(p, 1), static_cast<int>(draws.size()), Count(p, 0));
      } else {
        // Cut: the draws not solved could at most all be won.
        uint64_t solved = 0;
        for (size_t i = 0; i < p.outcome.size(); ++i) {
          if (p.outcome[i] != PegPlay::kUnsolved) solved += draws[i].ways;
        }
        mv.value = (p.Points() + static_cast<double>(solver.total_ways() - solved)) / total;
        mv.bound = core::Bound::kUpper;
        mv.display = absl::StrFormat("wins at most %.1f%% of draws (cut: cannot beat the best)",
                                     100 * mv.value);
      }
      mv.metrics = {{"score", static_cast<double>(p.move.score), "points the play scores",
                     core::ValueUnit::kScore},
                    {"wins", static_cast<double>(p.win_ways) / total,
                     "the chance the draw is one it wins", core::ValueUnit::kProbability},
                    {"draws", static_cast<double>(p.draw_ways) / total, "the chance of a tied game",
                     core::ValueUnit::kProbability},
                    {"losses", static_cast<double>(p.loss_ways) / total,
                     "the chance of a lost game", core::ValueUnit::kProbability}};
      for (size_t i = 0; i < p.outcome.size(); ++i) {
        if (p.outcome[i] == PegPlay::kUnsolved) continue;
        mv.metrics.push_back({absl::StrCat("draw:", draws[i].text),
                              static_cast<double>(p.outcome[i]),
                              absl::StrCat("the game's outcome when the bag holds ", draws[i].text,
                                           " (", draws[i].ways, " ways to draw it)"),
                              core::ValueUnit::kOutcome});
      }
      report.moves.push_back(std::move(mv));
    }
    if (!report.moves.empty() && report.moves.front().bound == core::Bound::kExact) {
      report.best_move = report.moves.front().move;
    }
    report.depth = 1;
    report.nodes = solver.nodes();
    report.elapsed_seconds = control.ElapsedSeconds();
    report.statistics = {
        {"draws", static_cast<double>(draws.size()), "kinds of draw (layouts)"},
        {"plays", static_cast<double>(plays_.size()), "placements that empty the bag"}};
    return report;
  }
  // Kinds of draw with that outcome for `p`.
  static int Count(const PegPlay& p, int outcome) {
    return static_cast<int>(std::count(p.outcome.begin(), p.outcome.end(), outcome));
  }

  Position pos_;
  std::vector<Move> plays_;
  PegTaskOptions options_;
};

}  // namespace

std::unique_ptr<core::SearchTask> MakePegTask(Position pos, std::vector<Move> plays,
                                              const PegTaskOptions& options) {
  pos.StopRecording();
  return std::make_unique<PegTask>(std::move(pos), std::move(plays), options);
}

}  // namespace kibitzer::scrabble
