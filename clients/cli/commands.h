// The kibitz commands, over a Transport. Each returns the process exit code: 0 on success, 2 for a
// request the engine refused as invalid, 1 for any other failure; errors go to stderr.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "clients/cli/transport.h"

namespace kibitzer::cli {

struct CommandOptions {
  bool json = false;
  // Position.
  std::string game = "tictactoe";
  std::string variant;
  std::string notation;
  std::vector<std::string> moves;
  std::string seat;
  std::string position_id;
  std::vector<std::string> position_options;  // "key=value"
  // Search.
  int64_t time_ms = 0;
  int64_t nodes = 0;
  int depth = 0;
  int64_t samples = 0;
  std::vector<std::string> candidates;
  int interval_ms = 250;
  int priority = 0;
  uint64_t seed = 0;
  int threads = 0;
  int hash_mb = 0;
  std::vector<std::string> search_options;  // "key=value"
  // Deal.
  int count = 1;
  std::vector<std::string> fixed;
  std::string constraints;
  // Bridge.
  std::string file;
  std::string dealer;
  std::string vulnerable;
  bool link = false;  // bridge output: the deal's BBO hand-viewer URL too
  // Batches (table --file, solve --file): the servers they are spread over (empty: the
  // command's own transport), and the file the output goes to and is resumed from (empty: stdout).
  std::vector<Transport*> spread;
  std::vector<int> in_flight;  // chunks in flight at once on each of `spread`
  bool skip_bad = false;       // a bad item's output is an error line; the batch goes on
  std::string output;
  std::string lexicon_dir;  // Scrabble in this process: the lexica (empty: the build's)
};

// The whole of a text file; an error names the flag that gave the path.
absl::StatusOr<std::string> ReadTextFile(const std::string& path, const char* flag);

// Fills a map from "key=value" items; a malformed item is an error naming the flag.
absl::Status FillMap(const std::vector<std::string>& items, const char* flag,
                     google::protobuf::Map<std::string, std::string>* out);
// The position the flags and words give, inline or by --position-id.
absl::StatusOr<pb::PositionRef> MakeRef(const CommandOptions& o);

// The games of a bridge record file: each board of a multi-board LIN file or each game of a PBN
// file (standing on its own), titled "game N (board B)"; a single record or deal as it is (no
// title). A PBN game that does not make sense is its error, the others are read.
struct RecordBoard {
  std::string title;
  std::string text;
  absl::Status error;
};
absl::StatusOr<std::vector<RecordBoard>> RecordBoards(const std::string& text);
// Runs `run(record, where)` on each (printing each title first unless `json`); returns the worst
// exit code. `where` prefixes a board's errors ("--file: game 2: ", its place in the file).
int EachRecordBoard(const std::string& text, bool json,
                    const std::function<int(const std::string&, const std::string&)>& run);

// The fields every streamed search request shares (Analyze, BestMove, Review), from the flags:
// limits (no candidates), progress interval, priority, seed, threads, table, options.
template <typename Request>
absl::Status FillSearchFields(const CommandOptions& o, Request* request) {
  pb::Limits* limits = request->mutable_limits();
  limits->set_time_ms(o.time_ms);
  limits->set_nodes(o.nodes);
  limits->set_depth(o.depth);
  limits->set_samples(o.samples);
  request->set_progress_interval_ms(o.interval_ms);
  request->set_priority(o.priority);
  request->set_seed(o.seed);
  request->set_threads(o.threads);
  request->set_hash_mb(o.hash_mb);
  return FillMap(o.search_options, "option", request->mutable_options());
}

// Prints the error on stderr; returns the exit code (2 for a request refused as invalid).
int Fail(const absl::Status& status);
// With --json, Fail writes the error as one JSON line: google.rpc.Status with its BadRequest.
void SetJsonErrors(bool json);

int RunInfo(Transport& t, const CommandOptions& o);
// What a review reviews: whose moves ("" every seat's, or --seat's) and from which move on.
struct ReviewFlags {
  std::string reviewed_seat;
  int from_move = 0;
};
// A played game reviewed move by move (POSITION or a file named as the only word: a record, or a
// notation with --moves).
int RunReview(Transport& t, CommandOptions o, const ReviewFlags& flags,
              const std::atomic<bool>* interrupt);
// The server's health: prints SERVING or NOT_SERVING; exit code 0 only when serving.
int RunHealth(Transport& t);
int RunSetup(Transport& t, const CommandOptions& o);
// Stops the running search `search_id` (the command's argument).
int RunStop(Transport& t, const std::string& search_id);
int RunDeal(Transport& t, const CommandOptions& o);
int RunSearch(Transport& t, const CommandOptions& o, bool best_move,
              const std::atomic<bool>* interrupt);
int RunBench(Transport& t, const CommandOptions& o);
// Bridge: tables and par (one deal, or a file of them), every card of many positions, play
// analysis of a played deal, a PBN file with its double-dummy results added.
int RunTable(Transport& t, const CommandOptions& o);
int RunSolve(Transport& t, const CommandOptions& o);
int RunPlay(Transport& t, const CommandOptions& o);
int RunPbn(Transport& t, const CommandOptions& o);

}  // namespace kibitzer::cli
