// What a search reports while it runs and when it ends, without any wire types.
//
// A search calls ProgressSink::OnProgress any number of times, then the query runner calls
// OnFinished exactly once, also after a stop. Every report carries the full current ranking, so a
// client that stops early keeps the best answer so far.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace kibitzer::core {

enum class Bound { kExact, kLower, kUpper, kEstimate };

enum class StopReason {
  kNone,  // still running
  kCompleted,
  kDepthLimit,
  kNodeLimit,
  kTimeLimit,
  kSampleLimit,
  kStopped,
  kCancelled,
  kShutdown,
  kError,
  kQueueTime,  // waited longer than the server allows without starting
};

const char* StopReasonName(StopReason reason);

// The unit of a value (the wire's ValueUnit, in the same order).
enum class ValueUnit {
  kUnspecified,
  kOutcome,      // 1 win, 0 draw, -1 loss
  kTricks,       // bridge tricks
  kProbability,  // 0 to 1
  kScore,        // the game's score: bridge duplicate score, Scrabble points a play scores
  kImps,
  kCardPoints,  // tarok card points
  kGamePoints,  // a game's settlement (Big Two)
  kSpread,      // Scrabble score difference
  kEquity,      // Scrabble score plus leave value
  kCount,       // nodes, layouts, plays
  kHeuristic,   // an evaluation with no unit
  kRate,        // a count per second
};

// A named figure. A move's metric left kUnspecified is in the move value's unit, a report's
// statistic left kUnspecified is a count: the runner says so on every report it passes on.
struct Statistic {
  std::string name;
  double value = 0;
  std::string description;
  ValueUnit unit = ValueUnit::kUnspecified;
};

// What a search works toward, each limit in force (0: none of that kind).
struct SearchTarget {
  uint64_t samples = 0;
  uint64_t nodes = 0;
  int64_t time_ms = 0;
  int depth = 0;
};

// What every report of one search says about its numbers: their unit, what the moves are ranked
// by, and the target. The game sets it when it prepares the search; the runner stamps each report.
struct ReportFrame {
  ReportFrame() = default;
  ReportFrame(ValueUnit u, std::string o) : unit(u), objective(std::move(o)) {}
  ValueUnit unit = ValueUnit::kUnspecified;
  std::string objective;
  SearchTarget target;
};

struct MoveValue {
  std::string move;  // move notation, made by the game module
  double value = 0;  // from the side to move's point of view, in the game's unit
  Bound bound = Bound::kEstimate;
  int depth = 0;
  std::vector<std::string> pv;
  std::string display;
  uint64_t samples = 0;
  double std_error = 0;
  std::vector<Statistic> metrics;  // further measures of the move (e.g. make probability)
};

// One move of a reviewed game, valued against the best move at that point (a Review).
struct MoveReview {
  int index = 0;           // the move's place in the game's line, from 0
  std::string seat;        // who chose it (bridge: declarer for dummy's cards)
  std::string played;      // in move notation
  bool valued = false;     // false: not valued (see note); the values below are then unset
  MoveValue played_value;  // the played move's value in that search
  MoveValue best;          // the best move's value (the played move's when it was best)
  double cost = 0;         // best.value - played_value.value, never below 0, in `unit`
  ValueUnit unit = ValueUnit::kUnspecified;
  std::string objective;
  std::string grade;  // "best", "small", "medium", "large" (Grade in analysis/review.h)
  StopReason stop_reason = StopReason::kNone;  // why that move's search ended
  std::string note;  // why a move was not valued, or what its value rests on
};

struct Report {
  std::vector<MoveValue> moves;  // best first
  std::string best_move;
  int depth = 0;
  uint64_t nodes = 0;
  uint64_t samples = 0;
  double elapsed_seconds = 0;
  std::vector<Statistic> statistics;
  bool final = false;
  StopReason stop_reason = StopReason::kNone;
  std::string message;
  ReportFrame frame;  // stamped by the runner from the task's frame
  // A review's moves valued so far, in the order played, and how many it will value (Review).
  std::vector<MoveReview> reviews;
  int review_total = 0;

  uint64_t NodesPerSecond() const {
    return elapsed_seconds > 0 ? static_cast<uint64_t>(static_cast<double>(nodes) / elapsed_seconds)
                               : 0;
  }
};

// Receives reports. OnProgress is called from the searching thread and must be quick and never
// block on the network; OnFinished is called exactly once per search.
class ProgressSink {
 public:
  virtual ~ProgressSink() = default;
  virtual void OnProgress(const Report& report) = 0;
  virtual void OnFinished(const Report& report) = 0;
};

}  // namespace kibitzer::core
