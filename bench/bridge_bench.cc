// bridge_bench: double-dummy tables of the reference deals, timed, checked against DDS's results.
//
//   bridge_bench [--deals=N] [FILE]   (FILE: default tests/data/bridge/dd_tables_public.txt)
//
// Solves the 5 x 4 table of each of the first N deals on one thread (the transposition table is
// kept across the 20 solves of a deal and cleared between deals), compares every number with the
// file, and prints per-table times (median and mean), nodes and table hit rate.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "engine/games/bridge/dd_solver.h"

namespace {

using namespace kibitzer::bridge;

int Run(int max_deals, const std::string& path) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "bridge_bench: cannot read %s\n", path.c_str());
    return 2;
  }
  DoubleDummySolver solver;
  std::vector<double> ms;
  int deals = 0, mismatches = 0;
  uint64_t nodes = 0, probes = 0, hits = 0;
  std::string line;
  while (deals < max_deals && std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f = absl::StrSplit(line, '\t');
    auto hands = ParsePbnDeal(f[0], "deal");
    if (f.size() < 2 || !hands.ok()) {
      std::fprintf(stderr, "bridge_bench: bad line: %s\n", line.c_str());
      return 2;
    }
    std::vector<int> expected;
    for (absl::string_view v : absl::StrSplit(f[1], ' ')) {
      int t = 0;
      (void)absl::SimpleAtoi(v, &t);
      expected.push_back(t);
    }
    solver.ClearTable();
    const uint64_t nodes_before = solver.nodes(), probes_before = solver.table_probes(),
                   hits_before = solver.table_hits();
    const auto start = std::chrono::steady_clock::now();
    std::vector<int> got;
    for (int strain : {kSpades, kHearts, kDiamonds, kClubs, kNoTrump}) {
      for (int declarer = 0; declarer < 4; ++declarer) {
        PlayPosition p;
        p.hands = *hands;
        p.trump = strain;
        p.leader = NextSeat(declarer);
        got.push_back(13 - solver.Solve(p));
      }
    }
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                     .count());
    nodes += solver.nodes() - nodes_before;
    probes += solver.table_probes() - probes_before;
    hits += solver.table_hits() - hits_before;
    if (got != expected) {
      ++mismatches;
      std::printf("MISMATCH deal %d: %s\n", deals + 1, f[0].c_str());
    }
    ++deals;
    std::printf("deal %3d  %9.1f ms\n", deals, ms.back());
    std::fflush(stdout);
  }
  if (deals == 0) return 2;
  std::vector<double> sorted = ms;
  std::sort(sorted.begin(), sorted.end());
  double total = 0;
  for (double m : ms) total += m;
  std::printf("tables: %d, matching DDS: %d\n", deals, deals - mismatches);
  std::printf("ms per table: median %.1f, mean %.1f\n", sorted[sorted.size() / 2], total / deals);
  std::printf("nodes per table: %.0f, table hit rate %.1f%%\n", static_cast<double>(nodes) / deals,
              probes == 0 ? 0.0 : 100.0 * static_cast<double>(hits) / static_cast<double>(probes));
  return mismatches == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  int deals = 200;
  std::string path = KIBITZER_DEFAULT_TABLES;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.rfind("--deals=", 0) == 0) {
      if (!absl::SimpleAtoi(a.substr(8), &deals) || deals < 1) {
        std::fprintf(stderr, "bridge_bench: --deals: '%s' is not a positive number\n",
                     a.substr(8).c_str());
        return 2;
      }
    } else if (a.rfind("--", 0) == 0) {
      std::fprintf(stderr, "bridge_bench: unknown flag %s\n", a.c_str());
      return 2;
    } else {
      path = a;
    }
  }
  return Run(deals, path);
}
