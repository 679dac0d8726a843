// The bench: a fixed list of searches with fixed limits (depths, never time), run one after the
// other with one thread. The total node count is a signature of the search's behaviour: any change
// that alters it changes the signature, which bench/signature.txt records.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "kibitzer/v1/kibitzer.pb.h"

namespace kibitzer::bench {

namespace pb = ::kibitzer::v1;

struct BenchCase {
  std::string name;
  bool best_move = false;  // BestMove instead of Analyze
  pb::AnalyzeRequest request;
};

struct BenchLine {
  std::string name;
  std::string best_move;
  int64_t nodes = 0;
  double seconds = 0;
};

struct BenchResult {
  std::vector<BenchLine> lines;
  int64_t nodes = 0;
  double seconds = 0;
};

// The fixed list.
std::vector<BenchCase> BenchCases();

// Runs every case through `search`, which runs one request to its final report (in-process or
// against a server) and returns that report.
using SearchFn = std::function<absl::StatusOr<pb::SearchReport>(const BenchCase&)>;
absl::StatusOr<BenchResult> RunBench(const SearchFn& search);

}  // namespace kibitzer::bench
