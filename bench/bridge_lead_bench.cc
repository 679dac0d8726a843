// bridge_lead_bench: Monte Carlo opening-lead analysis from the leader's seat, timed.
//
//   bridge_lead_bench [--deals=N] [--samples=N] [--threads=N] [--contract=3NT] [--hash=MB] [FILE]
//
// For each of the first N deals of FILE (default tests/data/bridge/dd_tables_public.txt, first
// field), West leads against the contract by South, seeing only West's hand; every lead is scored
// over the samples (each layout solved double-dummy for every lead). Prints, for one thread and
// for N threads (default: all hardware threads), the median and mean seconds per analysis and the
// samples solved per second.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "engine/games/bridge/bridge_game.h"

namespace {

using namespace kibitzer;
using Clock = std::chrono::steady_clock;

class NullSink final : public core::ProgressSink {
 public:
  void OnProgress(const core::Report&) override {}
  void OnFinished(const core::Report&) override {}
};

struct Run {
  double seconds = 0;
  uint64_t samples = 0;
  uint64_t nodes = 0;
  std::string best;
};

bool Analyse(const bridge::BridgeGame& game, const std::string& deal, const std::string& contract,
             uint64_t samples, int threads, int hash_mb, Run& run) {
  core::PositionSpec spec;
  spec.notation = deal;
  spec.seat = "W";
  spec.options = {{"view", "seat"}, {"contract", contract}, {"declarer", "S"}};
  auto state = game.Setup(spec);
  if (!state.ok()) {
    std::fprintf(stderr, "%s\n", std::string(state.status().message()).c_str());
    return false;
  }
  core::SearchSpec search;
  search.limits.samples = samples;
  search.threads = threads;
  search.seed = 1;
  search.hash_mb = hash_mb;
  auto task = game.PrepareSearch(**state, search);
  if (!task.ok()) {
    std::fprintf(stderr, "%s\n", std::string(task.status().message()).c_str());
    return false;
  }
  core::StopToken token;
  core::SearchControl control(core::Limits{}, &token);
  NullSink sink;
  const auto start = Clock::now();
  const core::Report report = (*task)->Run(control, sink);
  run.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  run.samples = report.samples;
  run.nodes = report.nodes;
  run.best = report.best_move;
  return true;
}

void Print(const char* label, std::vector<Run> runs) {
  double total = 0;
  uint64_t samples = 0, nodes = 0;
  std::vector<double> seconds;
  for (const Run& r : runs) {
    total += r.seconds;
    samples += r.samples;
    nodes += r.nodes;
    seconds.push_back(r.seconds);
  }
  std::sort(seconds.begin(), seconds.end());
  std::printf("%-10s median %.2f s, mean %.2f s per analysis; %.1f samples/s; %.0f nodes/sample\n",
              label, seconds[seconds.size() / 2], total / static_cast<double>(runs.size()),
              static_cast<double>(samples) / total,
              static_cast<double>(nodes) / static_cast<double>(std::max<uint64_t>(samples, 1)));
}

}  // namespace

int main(int argc, char** argv) {
  int deals = 5, hash_mb = 0,
      threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  uint64_t samples = 200;
  std::string contract = "3NT", path = KIBITZER_DEFAULT_TABLES;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    std::vector<std::string> kv = absl::StrSplit(a, absl::MaxSplits('=', 1));
    bool ok = true;
    if (kv[0] == "--deals" && kv.size() == 2) {
      ok = absl::SimpleAtoi(kv[1], &deals) && deals > 0;
    } else if (kv[0] == "--threads" && kv.size() == 2) {
      ok = absl::SimpleAtoi(kv[1], &threads) && threads > 0;
    } else if (kv[0] == "--samples" && kv.size() == 2) {
      ok = absl::SimpleAtoi(kv[1], &samples) && samples > 0;
    } else if (kv[0] == "--hash" && kv.size() == 2) {
      ok = absl::SimpleAtoi(kv[1], &hash_mb) && hash_mb > 0;
    } else if (kv[0] == "--contract" && kv.size() == 2) {
      contract = kv[1];
    } else if (a.rfind("--", 0) != 0) {
      path = a;
    } else {
      ok = false;
    }
    if (!ok) {
      std::fprintf(stderr, "bridge_lead_bench: bad argument '%s'\n", a.c_str());
      return 2;
    }
  }
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "bridge_lead_bench: cannot read %s\n", path.c_str());
    return 2;
  }
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line) && static_cast<int>(lines.size()) < deals;) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields = absl::StrSplit(line, '\t');
    if (fields[0].size() < 2 || fields[0][1] != ':') continue;
    lines.push_back(fields[0]);
  }
  bridge::BridgeGame game;
  std::printf("opening lead by W against %s by S, %llu samples, %zu deals\n", contract.c_str(),
              static_cast<unsigned long long>(samples), lines.size());
  for (int t : {1, threads}) {
    std::vector<Run> runs;
    for (const std::string& deal : lines) {
      Run run;
      if (!Analyse(game, deal, contract, samples, t, hash_mb, run)) return 1;
      runs.push_back(run);
    }
    Print(t == 1 ? "1 thread" : (std::to_string(t) + " threads").c_str(), runs);
    if (t == threads) break;
  }
  return 0;
}
