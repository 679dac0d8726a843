// bridge_lead_bench: Monte Carlo opening-lead analysis from the leader's seat, timed.
//
//   bridge_lead_bench [--deals=N] [--samples=N] [--threads=N] [--contract=3NT[,4S...]]
//                     [--hash=MB] [--mode=analyze|best|compare] [--seeds=K] [FILE]
//
// For each of the first N deals of FILE (default tests/data/bridge/dd_tables_public.txt, first
// field) and each contract, West leads against the contract by South, seeing only West's hand.
// analyze (default): every lead scored over every sample (each layout solved double-dummy for
// every lead), for one thread and for N threads (default: all hardware threads); best: BestMove,
// which races (leads shown worse are dropped batch by batch); compare: both at N threads on each
// problem (K seeds each), with how often the racing lead is the full analysis's best lead or
// within its 95% confidence of it. Prints the median and mean seconds per analysis and the
// samples solved per second.
#include <algorithm>
#include <chrono>
#include <cmath>
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
             uint64_t samples, int threads, int hash_mb, core::SearchMode mode, uint64_t seed,
             Run& run, core::Report* out = nullptr) {
  core::PositionSpec spec;
  spec.notation = deal;
  spec.seat = "W";
  spec.options = {{"contract", contract}, {"declarer", "S"}};
  auto state = game.Setup(spec);
  if (!state.ok()) {
    std::fprintf(stderr, "%s\n", std::string(state.status().message()).c_str());
    return false;
  }
  core::SearchSpec search;
  search.limits.samples = samples;
  search.threads = threads;
  search.seed = seed;
  search.hash_mb = hash_mb;
  search.mode = mode;
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
  if (out != nullptr) *out = report;
  return true;
}

// Whether `card` is `full`'s best card or within 1.96 standard errors of its value (unpaired).
bool Agrees(const core::Report& full, const std::string& card) {
  if (full.moves.empty()) return false;
  const core::MoveValue& best = full.moves.front();
  for (const core::MoveValue& mv : full.moves) {
    if (mv.move != card) continue;
    return mv.move == best.move ||
           best.value - mv.value <= 1.96 * std::hypot(best.std_error, mv.std_error);
  }
  return false;
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
  int deals = 5, hash_mb = 0, seeds = 1,
      threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  uint64_t samples = 200;
  std::string contracts = "3NT", mode = "analyze", path = KIBITZER_DEFAULT_TABLES;
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
    } else if (kv[0] == "--seeds" && kv.size() == 2) {
      ok = absl::SimpleAtoi(kv[1], &seeds) && seeds > 0;
    } else if (kv[0] == "--contract" && kv.size() == 2) {
      contracts = kv[1];
    } else if (kv[0] == "--mode" && kv.size() == 2) {
      mode = kv[1];
      ok = mode == "analyze" || mode == "best" || mode == "compare";
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
  for (const std::string& contract : std::vector<std::string>(absl::StrSplit(contracts, ','))) {
    std::printf("opening lead by W against %s by S, %llu samples, %zu deals, mode %s\n",
                contract.c_str(), static_cast<unsigned long long>(samples), lines.size(),
                mode.c_str());
    if (mode == "compare") {
      std::vector<Run> full_runs, race_runs;
      int agree = 0, same = 0, problems = 0;
      for (const std::string& deal : lines) {
        for (int seed = 1; seed <= seeds; ++seed) {
          Run full, race;
          core::Report full_report;
          if (!Analyse(game, deal, contract, samples, threads, hash_mb, core::SearchMode::kAnalyze,
                       static_cast<uint64_t>(seed), full, &full_report) ||
              !Analyse(game, deal, contract, samples, threads, hash_mb, core::SearchMode::kBestMove,
                       static_cast<uint64_t>(seed), race)) {
            return 1;
          }
          full_runs.push_back(full);
          race_runs.push_back(race);
          ++problems;
          same += race.best == full.best;
          agree += Agrees(full_report, race.best);
        }
      }
      Print("analyze", full_runs);
      Print("best", race_runs);
      std::printf(
          "racing lead = full analysis's best in %d of %d; within its 95%% confidence in "
          "%d of %d (%.1f%%)\n",
          same, problems, agree, problems, 100.0 * agree / std::max(problems, 1));
      continue;
    }
    const core::SearchMode m =
        mode == "best" ? core::SearchMode::kBestMove : core::SearchMode::kAnalyze;
    for (int t : {1, threads}) {
      std::vector<Run> runs;
      for (const std::string& deal : lines) {
        Run run;
        if (!Analyse(game, deal, contract, samples, t, hash_mb, m, 1, run)) return 1;
        runs.push_back(run);
      }
      Print(t == 1 ? "1 thread" : (std::to_string(t) + " threads").c_str(), runs);
      if (t == threads) break;
    }
  }
  return 0;
}
