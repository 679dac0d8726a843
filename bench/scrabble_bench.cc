// scrabble_bench: Scrabble move generation, timed.
//
//   scrabble_bench [--games=N] [--seed=S] [--lexicon=NAME] [--dir=DIR] [--repeat=R] [--print=K]
//
// Plays N seeded games greedily (each side plays its highest-scoring move; both racks and the
// bag's order from the seed), timing each whole game (move generation, sorting by score and
// applying, both sides). Every position before a move with at least 10 tiles on the board and
// tiles left in the bag is a mid-game position; each is then timed generating every play of the
// rack (placements, exchanges and the pass), the best of R runs. Prints the median and mean time
// per position, plays per position and plays per second, and the median time of a whole game.
// Then the static player's move in each mid-game position, timed both ways (every move then the
// best by equity, and best first: static_best.h), the best of R runs each.
// --print=K prints the CGP of the K-th mid-game position (for fixtures).
// --endgames=N: then solves the first endgame (the bag just empty, both racks known) of the
// first N games exactly, each stopped after --limit seconds (default 10), with a table of 2^20
// entries, and prints the median time and how many were solved exactly; --best as BestMove does
// (the best play exactly, the others bounded); --nodes=N stops each after N nodes instead (the
// same stop on any machine, for comparing the solver's tree: the total nodes are printed).
// --pegs=N: then solves the pre-endgame (algorithm=peg: every play that empties the bag against
// every draw, on one thread) of the first position with one tile in the bag of each of the first
// N games, each stopped after --limit seconds, and prints each time and the median.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "bench/flags.h"
#include "engine/analysis/game_registry.h"
#include "engine/games/scrabble/endgame/endgame.h"
#include "engine/games/scrabble/endgame/peg.h"
#include "engine/games/scrabble/endgame/peg_task.h"
#include "engine/games/scrabble/lexicon/lexicon_store.h"
#include "engine/games/scrabble/match.h"
#include "engine/games/scrabble/movegen/movegen.h"
#include "engine/games/scrabble/movegen/static_best.h"
#include "engine/games/scrabble/notation/notation.h"
#include "engine/games/scrabble/players.h"

namespace {

using namespace kibitzer::scrabble;
using Clock = std::chrono::steady_clock;

using kibitzer::bench::Flag;

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n == 0 ? 0 : n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double Mean(const std::vector<double>& v) {
  double sum = 0;
  for (double x : v) sum += x;
  return v.empty() ? 0 : sum / static_cast<double>(v.size());
}

double Seconds(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

// The pre-endgame of each position, timed.
void RunPegs(const std::vector<Position>& positions, int limit) {
  std::vector<double> seconds;
  int completed = 0;
  for (const Position& pos : positions) {
    kibitzer::core::Limits limits;
    limits.time = std::chrono::seconds(limit);
    kibitzer::core::StopToken token;
    kibitzer::core::SearchControl control(limits, &token);
    std::vector<Move> plays = PegSolver::Plays(pos);
    std::stable_sort(plays.begin(), plays.end(),
                     [&](const Move& a, const Move& b) { return Equity(pos, a) > Equity(pos, b); });
    const size_t count = plays.size();
    auto task = MakePegTask(pos, std::move(plays), PegTaskOptions{.table_log2 = 16});
    struct : kibitzer::core::ProgressSink {
      void OnProgress(const kibitzer::core::Report&) override {}
      void OnFinished(const kibitzer::core::Report&) override {}
    } sink;
    const auto start = Clock::now();
    const kibitzer::core::Report r = task->Run(control, sink);
    seconds.push_back(Seconds(start, Clock::now()));
    const bool done = r.stop_reason == kibitzer::core::StopReason::kCompleted;
    completed += done;
    std::printf("peg %s: %zu plays, best %s (%.3f), %llu nodes, %.3f s%s\n",
                FormatRack(pos.side(pos.to_move()).rack).c_str(), count, r.best_move.c_str(),
                r.moves.empty() ? 0.0 : r.moves.front().value,
                static_cast<unsigned long long>(r.nodes), seconds.back(), done ? "" : " (stopped)");
  }
  std::printf("pre-endgames (1 in the bag): %zu, %d completed, median %.3f s (limit %d s)\n",
              positions.size(), completed, Median(seconds), limit);
}

}  // namespace

int main(int argc, char** argv) {
  std::string games_text = "100", seed_text = "1", repeat_text = "5", print_text = "-1";
  std::string endgames_text = "0", limit_text = "10", nodes_text = "0", pegs_text = "0";
  bool best_only = false;
  std::string lexicon = kDefaultLexicon;
  std::string dir = kibitzer::analysis::GameSettings::DefaultLexiconDir();
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--best") {
      best_only = true;
      continue;
    }
    if (!Flag(a, "--games", &games_text) && !Flag(a, "--seed", &seed_text) &&
        !Flag(a, "--lexicon", &lexicon) && !Flag(a, "--dir", &dir) &&
        !Flag(a, "--repeat", &repeat_text) && !Flag(a, "--print", &print_text) &&
        !Flag(a, "--endgames", &endgames_text) && !Flag(a, "--limit", &limit_text) &&
        !Flag(a, "--nodes", &nodes_text) && !Flag(a, "--pegs", &pegs_text)) {
      std::fprintf(stderr,
                   "usage: scrabble_bench [--games=N] [--seed=S] [--lexicon=NAME] [--dir=DIR] "
                   "[--repeat=R] [--print=K] [--endgames=N [--limit=SECONDS | --nodes=N] "
                   "[--best]] [--pegs=N]\n");
      return 2;
    }
  }
  int games = 0, repeat = 0, print = 0, endgames = 0, limit = 0, pegs = 0;
  uint64_t seed = 0, node_limit = 0;
  if (!absl::SimpleAtoi(games_text, &games) || !absl::SimpleAtoi(seed_text, &seed) ||
      !absl::SimpleAtoi(nodes_text, &node_limit) || !absl::SimpleAtoi(repeat_text, &repeat) ||
      !absl::SimpleAtoi(print_text, &print) || !absl::SimpleAtoi(endgames_text, &endgames) ||
      !absl::SimpleAtoi(limit_text, &limit) || !absl::SimpleAtoi(pegs_text, &pegs) || games < 1 ||
      repeat < 1) {
    std::fprintf(stderr, "scrabble_bench: --games and --repeat take a count from 1\n");
    return 2;
  }
  LexiconStore store(dir);
  auto kwg = store.Get(lexicon, "--lexicon");
  if (!kwg.ok()) {
    std::fprintf(stderr, "scrabble_bench: %s\n", std::string(kwg.status().message()).c_str());
    return 1;
  }
  MoveGenerator gen(*kwg->words);
  std::vector<Move> moves;
  moves.reserve(1 << 16);
  std::vector<Position> mid, ends, pegs_at;
  std::vector<double> game_ms;
  for (int g = 0; g < games; ++g) {
    Position pos =
        NewGame(kwg->words, lexicon, Rules{}, seed, static_cast<uint64_t>(g), kwg->leaves);
    pos.StopRecording();
    double seconds = 0;
    while (!pos.over()) {
      if (pos.board().tile_count() >= 10 && pos.bag_size() > 0) mid.push_back(pos);
      if (pos.bag_size() == 0 && static_cast<int>(ends.size()) <= g &&
          static_cast<int>(ends.size()) < endgames) {
        ends.push_back(pos);
      }
      if (pos.bag_size() == 1 && static_cast<int>(pegs_at.size()) <= g &&
          static_cast<int>(pegs_at.size()) < pegs) {
        pegs_at.push_back(pos);
      }
      const auto start = Clock::now();
      const Rack& rack = pos.side(pos.to_move()).rack;
      gen.Generate(pos.board(), rack, pos.bag_size() >= pos.rules().exchange_min, &moves);
      const Move best =
          *std::max_element(moves.begin(), moves.end(),
                            [](const Move& a, const Move& b) { return a.score < b.score; });
      pos.Apply(best);
      seconds += Seconds(start, Clock::now());
    }
    game_ms.push_back(1e3 * seconds);
  }
  if (print >= 0 && print < static_cast<int>(mid.size())) {
    std::printf("%s\n", FormatCgp(mid[static_cast<size_t>(print)]).c_str());
  }
  std::vector<double> us;
  double total_seconds = 0;
  size_t total_plays = 0;
  for (const Position& pos : mid) {
    double best = 1e9;
    for (int r = 0; r < repeat; ++r) {
      const auto start = Clock::now();
      gen.Generate(pos.board(), pos.side(pos.to_move()).rack, pos.bag_size() >= 7, &moves);
      best = std::min(best, Seconds(start, Clock::now()));
    }
    us.push_back(1e6 * best);
    total_seconds += best;
    total_plays += moves.size();
  }
  const double mean = Mean(us);
  std::printf("lexicon %s (%u words), %d greedy games, %zu mid-game positions\n", lexicon.c_str(),
              kwg->words->words(), games, mid.size());
  std::printf(
      "every play of a position: median %.1f us, mean %.1f us, %.0f plays a position, "
      "%.2f M plays/s\n",
      Median(us), mean, static_cast<double>(total_plays) / static_cast<double>(mid.size()),
      static_cast<double>(total_plays) / total_seconds / 1e6);
  std::printf("a whole greedy game (both sides): median %.2f ms\n", Median(game_ms));
  // The static player's move: every move and then the best by equity, against best first.
  std::vector<double> full_us, first_us;
  int generated = 0, anchors = 0;
  StaticBest best_first;
  for (const Position& pos : mid) {
    double full = 1e9, first = 1e9;
    for (int r = 0; r < repeat; ++r) {
      auto start = Clock::now();
      GenerateAll(pos, gen, &moves);
      const Move a = moves[BestIndex(pos, moves, false)];
      full = std::min(full, Seconds(start, Clock::now()));
      start = Clock::now();
      uint64_t nodes = 0;
      const Move b = best_first.Choose(pos, gen, &nodes);
      first = std::min(first, Seconds(start, Clock::now()));
      if (!(a == b)) {
        std::fprintf(stderr, "scrabble_bench: best first differs on %s\n", FormatCgp(pos).c_str());
        return 1;
      }
    }
    full_us.push_back(1e6 * full);
    first_us.push_back(1e6 * first);
    generated += best_first.anchors_generated();
    anchors += best_first.anchors();
  }
  std::printf(
      "the static player's move: every move then the best %.1f us median (mean %.1f), best first "
      "%.1f us median (mean %.1f; %.0f%% of anchors generated)\n",
      Median(full_us), Mean(full_us), Median(first_us), Mean(first_us),
      100.0 * generated / std::max(1, anchors));
  if (!pegs_at.empty()) RunPegs(pegs_at, limit);
  if (ends.empty()) return 0;
  std::vector<double> end_s;
  int exact = 0;
  uint64_t all_nodes = 0;
  EndgameSolver solver(*kwg->words, Rules{}, 20);
  for (const Position& pos : ends) {
    kibitzer::core::Limits limits;
    if (node_limit > 0) {
      limits.nodes = node_limit;
    } else {
      limits.time = std::chrono::seconds(limit);
    }
    kibitzer::core::StopToken token;
    kibitzer::core::SearchControl control(limits, &token);
    const auto start = Clock::now();
    const EndgameResult r = solver.Solve(pos, 100, control, {}, best_only);
    end_s.push_back(Seconds(start, Clock::now()));
    exact += r.exact;
    all_nodes += r.nodes;
    std::printf("endgame %s/%s: best %s %+d, depth %d%s, %llu nodes, %.3f s\n",
                FormatRack(pos.side(pos.to_move()).rack).c_str(),
                FormatRack(pos.side(1 - pos.to_move()).rack).c_str(),
                pos.Format(r.plays.front().move).c_str(), r.plays.front().value, r.depth,
                r.exact ? " exact" : "", static_cast<unsigned long long>(r.nodes), end_s.back());
  }
  std::printf("endgames: %zu, %d solved exactly, median %.3f s, %llu nodes in all (limit %s)\n",
              ends.size(), exact, Median(end_s), static_cast<unsigned long long>(all_nodes),
              node_limit > 0 ? absl::StrCat(node_limit, " nodes").c_str()
                             : absl::StrCat(limit, " s").c_str());
  return 0;
}
