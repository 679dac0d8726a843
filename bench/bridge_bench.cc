// bridge_bench: double-dummy tables of the reference deals, timed, checked against DDS's results,
// and timed against DDS itself (Debian's libdds) in the same run.
//
//   bridge_bench [--deals=N] [--threads=N] [--no-dds] [--verbose] [--leads] [FILE]
//
// FILE defaults to tests/data/bridge/dd_tables_public.txt (one deal per line: PBN deal, the 20
// tricks, par score, par contracts). Prints, for one thread and for N threads (default: all
// hardware threads; with --threads=1 the first pass only), the time per table of this engine and
// of libdds, and the ratio ours / DDS;
// also nodes and table hit rate, and how many tables, par scores and par contracts match the file.
// With --leads: the value of every opening lead of each deal instead (see RunLeads).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/games/bridge/dd/dd_batch.h"
#include "engine/games/bridge/dd/dd_table.h"
#ifdef KIBITZER_HAVE_DDS
#include "tests/oracle/dds_oracle.h"
#endif

namespace {

using namespace kibitzer::bridge;
using Clock = std::chrono::steady_clock;

struct Case {
  Hands deal;
  DdTable table;
  int par = 0;
  std::string contracts;
};

double Ms(Clock::time_point since) {
  return std::chrono::duration<double, std::milli>(Clock::now() - since).count();
}

struct Stats {
  double median = 0, mean = 0;
};

Stats Summarize(std::vector<double> ms) {
  Stats s;
  if (ms.empty()) return s;
  double total = 0;
  for (double m : ms) total += m;
  std::sort(ms.begin(), ms.end());
  s.median = ms[ms.size() / 2];
  s.mean = total / static_cast<double>(ms.size());
  return s;
}

bool ReadCases(const std::string& path, int max_deals, std::vector<Case>& cases) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "bridge_bench: cannot read %s\n", path.c_str());
    return false;
  }
  std::string line;
  while (static_cast<int>(cases.size()) < max_deals && std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f = absl::StrSplit(line, '\t');
    auto deal = f.size() >= 4 ? ParsePbnDeal(f[0], "deal") : absl::InvalidArgumentError("fields");
    std::vector<std::string> tricks = absl::StrSplit(f.size() >= 2 ? f[1] : "", ' ');
    Case c;
    bool ok = deal.ok() && tricks.size() == 20 && absl::SimpleAtoi(f[2], &c.par);
    for (int i = 0; ok && i < 20; ++i)
      ok = absl::SimpleAtoi(tricks[i], &c.table.tricks[i / 4][i % 4]);
    if (!ok) {
      std::fprintf(stderr, "bridge_bench: bad line: %s\n", line.c_str());
      return false;
    }
    c.deal = *deal;
    c.contracts = f[3];
    cases.push_back(c);
  }
  return !cases.empty();
}

// Whether DDS takes part (built, and not turned off); when it does, on one thread from here.
bool DdsOnOneThread(bool with_dds) {
#ifdef KIBITZER_HAVE_DDS
  if (with_dds) oracle::UseOneThread();
  return with_dds;
#else
  (void)with_dds;
  return false;
#endif
}

int Run(int max_deals, int threads, bool with_dds, bool verbose, const std::string& path) {
  std::vector<Case> cases;
  if (!ReadCases(path, max_deals, cases)) return 2;
  const int n = static_cast<int>(cases.size());

  // One thread: each deal by this engine and by DDS in turn (which goes first alternates), so
  // that both see the same machine when its speed drifts, as it does on a shared VM.
  with_dds = DdsOnOneThread(with_dds);
  DoubleDummySolver solver;
  std::vector<double> ours, dds, ratios;
  int tables_ok = 0, par_ok = 0, contracts_ok = 0;
  for (int i = 0; i < n; ++i) {
    const Case& c = cases[i];
    double dds_ms = 0;
    auto time_dds = [&] {
#ifdef KIBITZER_HAVE_DDS
      const auto start = Clock::now();
      (void)oracle::DdsTable(c.deal);
      dds_ms = Ms(start);
#endif
    };
    if (with_dds && i % 2 == 1) time_dds();
    const auto start = Clock::now();
    const DdTable t = SolveTable(solver, c.deal);
    ours.push_back(Ms(start));
    if (with_dds && i % 2 == 0) time_dds();
    if (with_dds) {
      dds.push_back(dds_ms);
      ratios.push_back(ours.back() / dds_ms);
    }
    const Par par = DealerPar(t, kNorth, Vulnerability::kNone);
    tables_ok += t.tricks == c.table.tricks;
    par_ok += par.score == c.par;
    const std::string contracts = absl::StrJoin(par.contracts, ",");
    contracts_ok += contracts == c.contracts;
    if (verbose && contracts != c.contracts) {
      std::printf("par contracts differ: %s: ours %s, file %s\n", FormatPbnDeal(c.deal).c_str(),
                  contracts.c_str(), c.contracts.c_str());
    }
    if (t.tricks != c.table.tricks)
      std::printf("TABLE MISMATCH: %s\n", FormatPbnDeal(c.deal).c_str());
  }
  const Stats one = Summarize(ours);
  std::printf("deals: %d; tables matching DDS: %d; par scores: %d; par contracts: %d\n", n,
              tables_ok, par_ok, contracts_ok);
  std::printf("nodes per table: %.0f; table hit rate %.1f%%\n",
              static_cast<double>(solver.nodes()) / n,
              100.0 * static_cast<double>(solver.table_hits()) /
                  static_cast<double>(std::max<uint64_t>(1, solver.table_probes())));
  std::printf("kibitzer, 1 thread:  median %8.1f ms, mean %8.1f ms per table\n", one.median,
              one.mean);
  if (with_dds) {
    const Stats d = Summarize(dds);
    std::printf("DDS, 1 thread:       median %8.1f ms, mean %8.1f ms per table\n", d.median,
                d.mean);
    std::printf(
        "ratio ours/DDS, 1 thread: median %.3f, mean %.3f; median of the per-deal ratios %.3f\n",
        one.median / d.median, one.mean / d.mean, Summarize(ratios).median);
  }

  // --threads=1: the pass above was that already.
  if (threads == 1) return tables_ok == n && par_ok == n ? 0 : 1;
  std::vector<Hands> deals;
  for (const Case& c : cases) deals.push_back(c.deal);
  auto start = Clock::now();
  BatchOptions options;
  options.threads = threads;
  (void)SolveTables(deals, options);
  const double ours_all = Ms(start) / n;
  std::printf("kibitzer, %d threads: %8.1f ms per table (wall time / tables)\n", threads, ours_all);

#ifdef KIBITZER_HAVE_DDS
  if (with_dds) {
    oracle::UseThreads(threads);
    start = Clock::now();
    (void)oracle::DdsTables(deals);
    const double dds_all = Ms(start) / n;
    std::printf("DDS, %d threads:      %8.1f ms per table (wall time / tables)\n", threads,
                dds_all);
    std::printf("ratio ours/DDS, %d threads: %.2f\n", threads, ours_all / dds_all);
  }
#else
  std::printf("DDS: not built (install libdds-dev to compare)\n");
#endif
  return tables_ok == n && par_ok == n ? 0 : 1;
}

// Every opening lead's value on each deal (West leads; the strain turns with the deal), the inner
// loop of Monte Carlo lead analysis: this engine's SolveCards against DDS's SolveBoard with all
// cards, both single-threaded, with a fresh table for each deal.
int RunLeads(int max_deals, bool with_dds, const std::string& path) {
  std::vector<Case> cases;
  if (!ReadCases(path, max_deals, cases)) return 2;
  std::vector<PlayPosition> positions;
  for (size_t i = 0; i < cases.size(); ++i) {
    PlayPosition p;
    p.hands = cases[i].deal;
    p.trump = i % 5 == 4 ? kNoTrump : static_cast<int>(i % 5);
    p.leader = kWest;
    positions.push_back(p);
  }
  with_dds = DdsOnOneThread(with_dds);
  // Each deal by this engine and by DDS in turn, which one first alternating (see Run).
  DoubleDummySolver solver;
  std::vector<double> ours, dds;
  int same = 0;
  double dds_nodes = 0;
  for (size_t i = 0; i < positions.size(); ++i) {
    const PlayPosition& p = positions[i];
    std::vector<std::pair<int, int>> theirs;
    auto time_dds = [&] {
#ifdef KIBITZER_HAVE_DDS
      const auto start = Clock::now();
      int nodes = 0;
      theirs = oracle::DdsSolveBoard(p, &nodes);
      dds.push_back(Ms(start));
      dds_nodes += nodes;
#endif
    };
    if (with_dds && i % 2 == 1) time_dds();
    const auto start = Clock::now();
    solver.ClearTable();
    std::vector<std::pair<int, int>> mine = solver.SolveCards(p);
    ours.push_back(Ms(start));
    if (with_dds && i % 2 == 0) time_dds();
    std::sort(mine.begin(), mine.end());
    same += mine == theirs;
  }
  const Stats one = Summarize(ours);
  const int n = static_cast<int>(positions.size());
  std::printf("deals: %d; nodes per deal: %.0f, at trick starts %.0f\n", n,
              static_cast<double>(solver.nodes()) / n,
              static_cast<double>(solver.trick_nodes()) / n);
  std::printf("kibitzer, every lead: median %7.2f ms, mean %7.2f ms per deal\n", one.median,
              one.mean);
  if (with_dds) {
    const Stats d = Summarize(dds);
    std::printf(
        "DDS, every lead:      median %7.2f ms, mean %7.2f ms per deal; trick-start nodes per deal "
        "%.0f\n",
        d.median, d.mean, dds_nodes / n);
    std::printf("values equal to DDS's: %d of %d; ratio ours/DDS: median %.2f, mean %.2f\n", same,
                n, one.median / d.median, one.mean / d.mean);
    return same == n ? 0 : 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  int deals = 200;
  int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  bool with_dds = true;
  bool verbose = false;
  bool leads = false;
  std::string path = KIBITZER_DEFAULT_TABLES;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto number = [&](const char* flag, int& out) {
      if (!absl::SimpleAtoi(a.substr(std::string(flag).size()), &out) || out < 1) {
        std::fprintf(stderr, "bridge_bench: %s must be a positive number, not '%s'\n", flag,
                     a.c_str());
        std::exit(2);
      }
    };
    if (a.rfind("--deals=", 0) == 0) {
      number("--deals=", deals);
    } else if (a.rfind("--threads=", 0) == 0) {
      number("--threads=", threads);
    } else if (a == "--verbose") {
      verbose = true;
    } else if (a == "--leads") {
      leads = true;
    } else if (a == "--no-dds") {
      with_dds = false;
    } else if (a.rfind("--", 0) == 0) {
      std::fprintf(stderr, "bridge_bench: unknown flag %s\n", a.c_str());
      return 2;
    } else {
      path = a;
    }
  }
  if (leads) return RunLeads(deals, with_dds, path);
  return Run(deals, threads, with_dds, verbose, path);
}
