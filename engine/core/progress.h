// What a search reports while it runs and when it ends, without any wire types.
//
// A search calls ProgressSink::OnProgress any number of times, then the query runner calls
// OnFinished exactly once, also after a stop. Every report carries the full current ranking, so a
// client that stops early keeps the best answer so far.
#pragma once

#include <cstdint>
#include <string>
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

struct Statistic {
  std::string name;
  double value = 0;
  std::string description;
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
