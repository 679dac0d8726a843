// tarok_bench: exact solving of whole tarok hands from the first card, timed.
//
//   tarok_bench [--deals=N] [--first=SEED] [--all [--threads=N]] [--table=LOG2]
//               [--tricks=K[,K...]] [--limit=SECONDS] [--players=4]
//
// For deal seeds FIRST .. FIRST+N-1: three, two and one in turn by seed (seed 1 three, 2 two,
// 3 one, 4 three...: a deal is the same whichever run it is in), declared by player 1 (so
// forehand leads), who takes talon group 0 and discards his lowest allowed cards; then the
// whole play (48 plies) is solved exactly from the first card: the declarer's card points with
// best play by all. --all solves every legal first card instead of the position's value: one
// after another with one table, or with --threads=N each card on its own, spread over N threads
// that share one table (as Analyze does with every card known).
// Prints each deal's value, nodes and seconds, then the median and mean seconds and nodes; with
// several K (--tricks=8,12,16) the deals are solved with each number of tricks left in turn, a
// summary line each.
// --table=LOG2: the solver's table holds 2^LOG2 entries of 48 bytes (default 24: 768 MiB).
// --players=4: four-player deals (12 tricks), the declarer calling the first king (the partner
// is its holder, or none when it is his own or in the talon).
// --limit=SECONDS: a deal's solve stops after that long and counts as slower than every deal
// that finished (the median then says "over"); 0, the default, sets no limit.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "engine/core/search_control.h"
#include "engine/games/tarok/rules/deal.h"
#include "engine/games/tarok/solver/parallel_solve.h"
#include "engine/games/tarok/solver/solver.h"

namespace {

using namespace kibitzer::tarok;
using Clock = std::chrono::steady_clock;

bool Flag(const std::string& arg, const std::string& name, int* out) {
  if (arg.rfind(name + "=", 0) != 0) return false;
  return absl::SimpleAtoi(arg.substr(name.size() + 1), out);
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n == 0 ? 0 : n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// The nearest-rank 95th percentile.
double P95(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  if (v.empty()) return 0;
  const size_t rank = (95 * v.size() + 99) / 100;  // ceil(0.95 n), at least 1
  return v[std::max<size_t>(rank, 1) - 1];
}

// "1.234 s", or "over LIMIT s" for a deal stopped at the limit (counted as 1e300).
std::string Seconds(double s, int limit) {
  char text[64];
  if (s > 1e299) {
    std::snprintf(text, sizeof text, "over %d s", limit);
  } else {
    std::snprintf(text, sizeof text, "%.3f s", s);
  }
  return text;
}

// The bench's settings, as the flags give them.
struct Settings {
  int deals = 50;
  int first = 1;
  int table = 24;
  bool all = false;
  int limit = 0;
  int threads = 0;
  int players = 3;
};

// Solves the deals with `tricks` tricks left and prints each deal and the summary.
void RunTricks(const Settings& o, int tricks) {
  const int deals = o.deals, first = o.first, table = o.table, limit = o.limit;
  const int threads = o.threads;
  const bool all = o.all;
  const Contract contracts[3] = {Contract::kThree, Contract::kTwo, Contract::kOne};
  // --threads: the solvers of the threads share this table instead.
  std::unique_ptr<SolverTable> shared_table;
  if (threads > 0) shared_table = std::make_unique<SolverTable>(table);
  Solver solver(threads > 0 ? 10 : table);
  std::vector<double> seconds;
  std::vector<double> nodes;
  int stopped = 0;
  for (int i = 0; i < deals; ++i) {
    const uint64_t seed = static_cast<uint64_t>(first + i);
    const Contract c = contracts[(seed - 1) % 3];
    Round r(Rules{}, RandomDeal(seed, o.players), c, 1);
    while (r.phase() != Phase::kPlay) r.Apply(r.LegalMoves().front());
    // --tricks=K: the first tricks (all but K) played with each player's lowest legal card.
    while (r.phase() == Phase::kPlay && r.play().TricksDone() < r.play().Tricks() - tricks) {
      r.Apply(r.LegalMoves().front());
    }
    solver.Clear();
    kibitzer::core::Limits limits;
    limits.time = std::chrono::seconds(limit);
    kibitzer::core::StopToken token;
    kibitzer::core::SearchControl control(limits, &token);
    solver.SetControl(limit > 0 ? &control : nullptr);
    const uint64_t before = solver.nodes();
    const auto t0 = Clock::now();
    int value = 0;
    uint64_t parallel_nodes = 0;
    bool parallel_stopped = false;
    if (threads > 0) {
      std::vector<int> cards;
      for (Mask m = r.play().Legal(); m != 0; m &= m - 1) cards.push_back(Lowest(m));
      shared_table->Clear();
      const ParallelSolveResult result =
          SolveCardsInParallel(r.play(), cards, 0, threads, *shared_table, control,
                               [&](size_t, int v, uint64_t) { value = std::max(value, v); });
      parallel_nodes = result.nodes;
      parallel_stopped = result.reason != kibitzer::core::StopReason::kCompleted;
    } else if (all) {
      for (const CardValue& cv : solver.SolveAll(r.play(), 0)) value = std::max(value, cv.value);
    } else {
      value = solver.Solve(r.play(), 0);
    }
    const double s = std::chrono::duration<double>(Clock::now() - t0).count();
    const uint64_t n = threads > 0 ? parallel_nodes : solver.nodes() - before;
    if (threads > 0 ? parallel_stopped : solver.stopped()) {
      // Slower than any deal that finished, for the median.
      ++stopped;
      seconds.push_back(1e300);
      nodes.push_back(1e300);
      std::printf("deal %3llu %-5s stopped at the limit  nodes %10llu  %.3f s\n",
                  static_cast<unsigned long long>(seed), ContractName(c),
                  static_cast<unsigned long long>(n), s);
      std::fflush(stdout);
      continue;
    }
    seconds.push_back(s);
    nodes.push_back(static_cast<double>(n));
    std::printf("deal %3llu %-5s declarer points %2d  nodes %10llu  %.3f s\n",
                static_cast<unsigned long long>(seed), ContractName(c), value,
                static_cast<unsigned long long>(n), s);
    std::fflush(stdout);
  }
  if (stopped > 0) {
    const double median = Median(seconds);
    std::printf(
        "tarok exact solve from the first card, %d tricks left, %d deals, %d stopped at %d s: "
        "median %s, p95 %s",
        tricks, deals, stopped, limit, Seconds(median, limit).c_str(),
        Seconds(P95(seconds), limit).c_str());
    if (median < 1e299) std::printf(", median nodes %.0f", Median(nodes));
    std::printf("\n");
    return;
  }
  double total = 0;
  for (double s : seconds) total += s;
  std::printf(
      "tarok exact solve from the first card, %d tricks left, %d deals: median %.3f s, p95 %.3f "
      "s, mean %.3f s, max %.3f s, median nodes %.0f, p95 nodes %.0f\n",
      tricks, deals, Median(seconds), P95(seconds), total / deals,
      *std::max_element(seconds.begin(), seconds.end()), Median(nodes), P95(nodes));
}

}  // namespace

int main(int argc, char** argv) {
  int deals = 50;
  int first = 1;
  // 2^24 entries (768 MiB): a whole hand fills smaller tables; at 13 tricks this one takes
  // 2.7 times fewer nodes than 2^21 on the hardest deal of six, and 2^26 only 5% fewer again.
  int table = 24;
  std::vector<int> tricks = {16};
  bool all = false;
  int limit = 0;
  int threads = 0;
  int players = 3;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--all") {
      all = true;
    } else if (arg.rfind("--tricks=", 0) == 0) {
      tricks.clear();
      for (absl::string_view k : absl::StrSplit(arg.substr(9), ',')) {
        int n = 0;
        if (!absl::SimpleAtoi(k, &n) || n < 1 || n > kTricks) {
          std::fprintf(stderr, "tarok_bench: --tricks: each K in 1..16, got '%s'\n",
                       std::string(k).c_str());
          return 2;
        }
        tricks.push_back(n);
      }
    } else if (!Flag(arg, "--deals", &deals) && !Flag(arg, "--first", &first) &&
               !Flag(arg, "--table", &table) && !Flag(arg, "--limit", &limit) &&
               !Flag(arg, "--threads", &threads) && !Flag(arg, "--players", &players)) {
      std::fprintf(stderr, "tarok_bench: unknown argument '%s'\n", arg.c_str());
      return 2;
    }
  }
  if (deals < 1 || table < 10 || table > 28 || limit < 0 || threads < 0 ||
      (players != 3 && players != 4)) {
    std::fprintf(stderr,
                 "tarok_bench: --deals must be >= 1, --table in [10, 28], --limit and --threads "
                 ">= 0, --players 3 or 4\n");
    return 2;
  }
  for (const int k : tricks) {
    if (k > CardsPerHand(players)) {
      std::fprintf(stderr, "tarok_bench: --tricks: at most %d with %d players\n",
                   CardsPerHand(players), players);
      return 2;
    }
  }
  if (threads > 0 && !all) {
    std::fprintf(stderr, "tarok_bench: --threads needs --all (the cards are what is spread)\n");
    return 2;
  }
  Settings settings{deals, first, table, all, limit, threads, players};
  for (const int k : tricks) RunTricks(settings, k);
  return 0;
}
