#include "engine/analysis/review.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/core/quote.h"

namespace kibitzer::analysis {
namespace {

// One move to review: its place in the line, the move, who chose it and the position before it
// as the review sees it (null when it cannot be set up; `note` says why).
struct Point {
  int index = 0;
  core::LinePoint line;
  std::unique_ptr<core::GameState> state;
  std::string note;
};

// Passes a move's progress on as the review's: the moves reviewed so far and the counts of the
// whole review. `out` is the review's report, kept by the task (no copy per report).
class ForwardSink final : public core::ProgressSink {
 public:
  ForwardSink(core::Report* out, core::ProgressSink* sink, const core::SearchControl* review)
      : out_(out), sink_(sink), review_(review), nodes_(out->nodes), samples_(out->samples) {}
  void OnProgress(const core::Report& report) override {
    out_->nodes = nodes_ + report.nodes;
    out_->samples = samples_ + report.samples;
    out_->elapsed_seconds = review_->ElapsedSeconds();
    sink_->OnProgress(*out_);
  }
  void OnFinished(const core::Report&) override {}

 private:
  core::Report* out_;
  core::ProgressSink* sink_;
  const core::SearchControl* review_;
  uint64_t nodes_;
  uint64_t samples_;
};

class ReviewTask final : public core::SearchTask {
 public:
  ReviewTask(const core::Game& game, std::vector<Point> points, ReviewSpec spec,
             std::unique_ptr<core::SearchTask> first)
      : game_(game),
        points_(std::move(points)),
        spec_(std::move(spec)),
        first_(std::move(first)),
        table_bytes_(first_ ? first_->TableBytes() : 0),
        threads_(first_ ? first_->Threads() : 1) {
    if (first_) frame = first_->frame;
  }

  size_t TableBytes() const override { return table_bytes_; }
  int Threads() const override { return threads_; }

  core::Report Run(core::SearchControl& control, core::ProgressSink& sink) override {
    out_.review_total = static_cast<int>(points_.size());
    for (Point& p : points_) {
      if (control.Poll(0)) break;  // waits while paused; the review's stop or ceiling
      core::MoveReview r;
      r.index = p.index;
      r.seat = p.line.player;
      r.played = p.line.move;
      if (p.state == nullptr) {
        r.note = p.note;
      } else if (!ReviewMove(*p.state, control, sink, r)) {
        break;  // the review was stopped in this move's search: its values are not whole
      }
      out_.reviews.push_back(std::move(r));
      out_.elapsed_seconds = control.ElapsedSeconds();
      sink.OnProgress(out_);
    }
    return out_;
  }

 private:
  // One search of the position: its final report, the stop reason filled in, its frame set.
  // False when the review itself was stopped meanwhile.
  bool Search(const core::GameState& state, core::SearchSpec search, core::SearchControl& control,
              core::ProgressSink& sink, core::Report* report, std::string* error) {
    std::unique_ptr<core::SearchTask> task;
    if (first_ && search.limits.candidate_moves.empty()) {
      task = std::move(first_);
    } else {
      absl::StatusOr<std::unique_ptr<core::SearchTask>> prepared =
          game_.PrepareSearch(state, search);
      if (!prepared.ok()) {
        *error = std::string(prepared.status().message());
        return !control.token()->stopped();
      }
      task = *std::move(prepared);
    }
    core::StopToken token(control.token());
    core::SearchControl own(search.limits, &token, spec_.progress_interval);
    ForwardSink forward(&out_, &sink, &control);
    *report = task->Run(own, forward);
    if (own.stopped() && report->stop_reason != core::StopReason::kError) {
      report->stop_reason = own.reason();
    }
    if (report->stop_reason == core::StopReason::kNone) {
      report->stop_reason = core::StopReason::kCompleted;
    }
    report->frame = core::FrameOf(*task, search.limits);
    out_.nodes += report->nodes;
    out_.samples += report->samples;
    return !control.token()->stopped();
  }

  static const core::MoveValue* Find(const core::Report& report, const std::string& move) {
    for (const core::MoveValue& m : report.moves) {
      if (m.move == move) return &m;
    }
    return nullptr;
  }

  // Values the played move against the best; false when the review was stopped meanwhile.
  bool ReviewMove(const core::GameState& state, core::SearchControl& control,
                  core::ProgressSink& sink, core::MoveReview& r) {
    core::Report report;
    std::string error;
    if (!Search(state, spec_.search, control, sink, &report, &error)) return false;
    if (!error.empty() || report.stop_reason == core::StopReason::kError || report.moves.empty()) {
      r.note = absl::StrCat("not valued: ", error.empty() ? report.message : error);
      r.stop_reason = report.stop_reason;
      return true;
    }
    if (Find(report, r.played) == nullptr) {
      // The search ranked only its candidates: value the played move beside the best.
      core::SearchSpec both = spec_.search;
      both.limits.candidate_moves = {report.moves.front().move, r.played};
      core::Report second;
      if (!Search(state, both, control, sink, &second, &error)) return false;
      if (!error.empty() || Find(second, r.played) == nullptr) {
        r.note = absl::StrCat("not valued: ", error.empty() ? "the search left it out" : error);
        return true;
      }
      r.note = "valued beside the best move in a second search of those two";
      report = std::move(second);
    }
    const core::MoveValue& played = *Find(report, r.played);
    const core::MoveValue& best = report.moves.front();
    r.valued = true;
    r.played_value = played;
    r.best = best;
    r.unit = report.frame.unit;
    r.objective = report.frame.objective;
    r.stop_reason = report.stop_reason;
    r.cost = std::max(0.0, best.value - played.value);
    const double se =
        std::sqrt(best.std_error * best.std_error + played.std_error * played.std_error);
    r.grade = Grade(r.unit, r.cost, se);
    return true;
  }

  const core::Game& game_;
  std::vector<Point> points_;
  ReviewSpec spec_;
  std::unique_ptr<core::SearchTask> first_;  // the first move's search, prepared when checked
  size_t table_bytes_;
  int threads_;
  core::Report out_;
};

}  // namespace

std::string Grade(core::ValueUnit unit, double cost, double std_error) {
  if (cost <= 1e-9 || cost <= std_error) return "best";
  double small = std::numeric_limits<double>::infinity(), medium = small;
  switch (unit) {
    case core::ValueUnit::kProbability:  // Macondo's classes of win % lost
      small = 0.03;
      medium = 0.07;
      break;
    case core::ValueUnit::kTricks:
    case core::ValueUnit::kOutcome:
      small = 0.5;
      medium = 1;
      break;
    case core::ValueUnit::kImps:
      small = 1;
      medium = 4;
      break;
    case core::ValueUnit::kCardPoints:
      small = 3;
      medium = 10;
      break;
    case core::ValueUnit::kSpread:
    case core::ValueUnit::kScore:
    case core::ValueUnit::kEquity:
      small = 5;
      medium = 15;
      break;
    case core::ValueUnit::kGamePoints:
      small = 10;
      medium = 100;
      break;
    default:
      break;
  }
  constexpr double kSlack = 1e-9;  // a cost of exactly the bound is in the smaller class
  if (cost <= small + kSlack) return "small";
  if (cost <= medium + kSlack) return "medium";
  return "large";
}

absl::StatusOr<std::unique_ptr<core::SearchTask>> PrepareReview(
    const core::Game& game, const core::GameState& state, const core::PositionSpec& given,
    ReviewSpec spec, std::chrono::milliseconds whole_time) {
  const std::vector<std::string>& seats = game.Info().seats;
  std::string reviewed = spec.reviewed_seat;
  if (!reviewed.empty() && std::find(seats.begin(), seats.end(), reviewed) == seats.end()) {
    return absl::InvalidArgumentError(absl::StrCat("reviewed_seat: ", core::Quote(reviewed),
                                                   " is not a seat of ", game.Info().name));
  }
  if (!spec.seat.empty()) {
    if (!reviewed.empty() && reviewed != spec.seat) {
      return absl::InvalidArgumentError(
          absl::StrCat("reviewed_seat: differs from position.seat ", core::Quote(spec.seat),
                       ": a seat's view reviews that seat's own moves"));
    }
    reviewed = spec.seat;
  }
  core::PositionSpec whole = given;
  whole.seat.clear();
  absl::StatusOr<std::vector<core::LinePoint>> line = game.Line(state, whole);
  if (!line.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("position: ", line.status().message()));
  }
  if (spec.from_move < 0 || static_cast<size_t>(spec.from_move) > line->size()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "from_move: ", spec.from_move, " is not a move of the game (0..", line->size(), ")"));
  }
  std::vector<Point> points;
  for (size_t i = spec.from_move; i < line->size(); ++i) {
    core::LinePoint& lp = (*line)[i];
    if (!reviewed.empty() && lp.player != reviewed) continue;
    Point& p = points.emplace_back();
    p.index = static_cast<int>(i);
    p.note = lp.note;
    p.line = std::move(lp);
    if (!p.note.empty()) continue;
    core::PositionSpec before = p.line.before;
    before.seat = spec.seat;
    absl::StatusOr<std::unique_ptr<core::GameState>> at = game.Setup(before);
    if (!at.ok()) {
      p.note = absl::StrCat("not valued: the position before it: ", at.status().message());
      continue;
    }
    p.state = *std::move(at);
  }
  if (points.empty() && spec.from_move > 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "from_move: no move", reviewed.empty() ? "" : absl::StrCat(" of seat ", reviewed),
        " from move ", spec.from_move, " on"));
  }
  if (points.empty()) {
    return absl::InvalidArgumentError(
        reviewed.empty()
            ? std::string("position: the game has no moves to review")
            : absl::StrCat("reviewed_seat: seat ", reviewed, " made no move in the game"));
  }
  if (spec.search.limits.time.count() == 0) {
    const auto valued = std::count_if(points.begin(), points.end(),
                                      [](const Point& p) { return p.state != nullptr; });
    spec.search.limits.time =
        std::max(std::chrono::milliseconds(1), whole_time / std::max<int64_t>(1, valued));
  }
  // The first move valued is searched first: prepared now, so a bad option is refused now.
  std::unique_ptr<core::SearchTask> first;
  for (const Point& p : points) {
    if (p.state == nullptr) continue;
    absl::StatusOr<std::unique_ptr<core::SearchTask>> task =
        game.PrepareSearch(*p.state, spec.search);
    if (!task.ok()) return task.status();
    first = *std::move(task);
    break;
  }
  return std::make_unique<ReviewTask>(game, std::move(points), std::move(spec), std::move(first));
}

}  // namespace kibitzer::analysis
