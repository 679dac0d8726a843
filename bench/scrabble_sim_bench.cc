// scrabble_sim_bench: how close the simulation's choice comes to a long simulation's, by its
// number of iterations, and the static player's.
//
//   scrabble_sim_bench [--positions=N] [--seed=S] [--reference=R] [--iterations=A,B,...]
//                      [--candidates=C,D,...] [--runs=K] [--infer] [--lexicon=NAME] [--dir=DIR]
//
// Takes N mid-game positions (every fourth position with at least 10 tiles on the board and 7 or
// more in the bag of static self-play games seeded by S), each seen by its side to move, the other
// rack and the bag unseen. On each, the best plays by equity (as many as the largest of C, D, ...;
// default 10) are simulated (2 plies of the static player, valued by spread) over R layouts, every
// play on every layout: the reference values. Then the static player's choice (the best by
// equity), and for each A and each C, K simulations of the C best plays over at most A layouts on
// other seeds, racing as the match's sim player does. Prints each one's mean regret (the reference
// value of the reference's best less that of the play chosen, in points) with its standard error,
// how often it chose the reference's best, and its mean time a move.
// --infer: the other rack drawn, in every simulation, from the leaves inferred from its last play
// (inference.h), as the match's sim:infer player draws it.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "bench/flags.h"
#include "engine/analysis/game_registry.h"
#include "engine/games/scrabble/lexicon/lexicon_store.h"
#include "engine/games/scrabble/match.h"
#include "engine/games/scrabble/players.h"
#include "engine/games/scrabble/sim/inference.h"
#include "engine/games/scrabble/sim/simulation.h"

namespace {

using namespace kibitzer::scrabble;
using kibitzer::search::MonteCarloConfig;
using kibitzer::search::MonteCarloSearch;
using Clock = std::chrono::steady_clock;

using kibitzer::bench::Flag;

// A comma-separated list of positive numbers, or nothing where one is not.
std::optional<std::vector<uint64_t>> ListOf(const std::string& text) {
  std::vector<uint64_t> out;
  for (const auto& part : absl::StrSplit(text, ',')) {
    uint64_t v = 0;
    if (!absl::SimpleAtoi(part, &v) || v < 1) return std::nullopt;
    out.push_back(v);
  }
  return out;
}

// The candidates' mean spread over `samples` layouts of `seed` (all of them, no race), and the
// index chosen by a search racing as the match player's.
struct Run {
  std::vector<double> values;
  int chosen = -1;
};
Run Simulate(const Position& view, const std::vector<Move>& candidates, uint64_t seed,
             uint64_t samples, bool race, const std::vector<Rack>& leaves) {
  auto sim = Simulation::Make(view, candidates, Playout{}, seed, {}, leaves);
  MonteCarloConfig config;
  config.samples = samples;
  config.batch = race ? 10 : 100;
  config.min_samples = 30;
  config.race = race ? 0.95 : 0;
  config.margin = 1;
  MonteCarloSearch<Simulation> search(**sim, config);
  search.RunQuietly();
  Run r;
  r.chosen = search.BestIndex();
  for (size_t c = 0; c < candidates.size(); ++c) {
    r.values.push_back(search.Stats(static_cast<int>(c), Simulation::kSpread).Mean());
  }
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  std::string positions_text = "30", seed_text = "1", reference_text = "3000", runs_text = "5";
  std::string iterations_text = "100,300,1000", candidates_text = "10";
  std::string lexicon = kDefaultLexicon;
  bool infer = false;
  std::string dir = kibitzer::analysis::GameSettings::DefaultLexiconDir();
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--infer") {
      infer = true;
      continue;
    }
    if (!Flag(a, "--positions", &positions_text) && !Flag(a, "--seed", &seed_text) &&
        !Flag(a, "--reference", &reference_text) && !Flag(a, "--iterations", &iterations_text) &&
        !Flag(a, "--candidates", &candidates_text) && !Flag(a, "--runs", &runs_text) &&
        !Flag(a, "--lexicon", &lexicon) && !Flag(a, "--dir", &dir)) {
      std::fprintf(stderr,
                   "usage: scrabble_sim_bench [--positions=N] [--seed=S] [--reference=R] "
                   "[--iterations=A,B,...] [--candidates=C,D,...] [--runs=K] [--infer] "
                   "[--lexicon=NAME] [--dir=DIR]\n");
      return 2;
    }
  }
  int positions = 0, runs = 0;
  uint64_t seed = 0, reference = 0;
  const std::optional<std::vector<uint64_t>> iterations = ListOf(iterations_text);
  const std::optional<std::vector<uint64_t>> widths = ListOf(candidates_text);
  if (!iterations) return std::fprintf(stderr, "bad --iterations\n"), 2;
  if (!widths) return std::fprintf(stderr, "bad --candidates\n"), 2;
  const uint64_t widest = *std::max_element(widths->begin(), widths->end());
  if (!absl::SimpleAtoi(positions_text, &positions) || !absl::SimpleAtoi(seed_text, &seed) ||
      !absl::SimpleAtoi(reference_text, &reference) || !absl::SimpleAtoi(runs_text, &runs) ||
      positions < 1 || runs < 1 || reference < 1) {
    std::fprintf(stderr, "bad arguments\n");
    return 2;
  }
  LexiconStore store(dir);
  auto kwg = store.Get(lexicon, "--lexicon");
  if (!kwg.ok()) return std::fprintf(stderr, "%s\n", kwg.status().ToString().c_str()), 2;

  // The positions, from static self-play, and (--infer) the other side's leaves inferred from
  // the play before each.
  std::vector<Position> views;
  std::vector<std::vector<Rack>> leaves;
  MoveGenerator gen(*kwg->words);
  Player player(*kwg->words, *ParsePlayer("static", "player"));
  uint64_t nodes = 0;
  for (uint64_t g = 0; static_cast<int>(views.size()) < positions; ++g) {
    Position pos = NewGame(kwg->words, lexicon, Rules{}, seed, g, kwg->leaves);
    pos.StopRecording();
    std::optional<Position> before;
    Move last;
    for (int turn = 0; !pos.over(); ++turn) {
      if (pos.board().tile_count() >= 10 && pos.bag_size() >= 7 && turn % 4 == 0 &&
          static_cast<int>(views.size()) < positions) {
        Position view = pos;
        view.HideFrom(pos.to_move());
        views.push_back(view);
        leaves.emplace_back();
        if (infer && before) {
          InferenceOptions io;
          io.seed = g * 1000 + static_cast<uint64_t>(turn);
          leaves.back() = InferLeaves(*before, last, pos.side(pos.to_move()).rack, io, gen).leaves;
        }
      }
      before = pos;
      last = player.Choose(pos, static_cast<uint64_t>(turn), &nodes);
      pos.Apply(last);
    }
  }

  // Per line-up (the static player, then each number of layouts by each number of candidates):
  // the regrets and hits over positions and runs.
  struct Lineup {
    std::string name;
    uint64_t layouts = 0, width = 0;
  };
  std::vector<Lineup> lineups = {{"static", 0, 1}};
  for (uint64_t layouts : *iterations) {
    for (uint64_t width : *widths) {
      std::string name = "sim:" + std::to_string(layouts);
      if (widths->size() > 1) name += "/" + std::to_string(width);
      lineups.push_back({name, layouts, width});
    }
  }
  std::vector<std::vector<double>> regret(lineups.size());
  std::vector<int> hits(lineups.size(), 0);
  std::vector<double> seconds(lineups.size(), 0);
  std::vector<Move> moves;
  for (size_t p = 0; p < views.size(); ++p) {
    const Position& view = views[p];
    GenerateAll(view, gen, &moves);
    std::stable_sort(moves.begin(), moves.end(), [&](const Move& a, const Move& b) {
      return Equity(view, a) > Equity(view, b);
    });
    moves.resize(std::min<size_t>(widest, moves.size()));
    const Run ref = Simulate(view, moves, 1'000'000 + p, reference, false, leaves[p]);
    const double best = *std::max_element(ref.values.begin(), ref.values.end());
    const auto score = [&](size_t lineup, int chosen) {
      regret[lineup].push_back(best - ref.values[static_cast<size_t>(chosen)]);
      hits[lineup] += ref.values[static_cast<size_t>(chosen)] == best;
    };
    score(0, 0);  // the static player: the best by equity
    for (size_t l = 1; l < lineups.size(); ++l) {
      const std::vector<Move> candidates(
          moves.begin(),
          moves.begin() + static_cast<long>(std::min(lineups[l].width, moves.size())));
      for (int k = 0; k < runs; ++k) {
        const auto start = Clock::now();
        const Run r = Simulate(view, candidates, p * 1000 + static_cast<uint64_t>(k),
                               lineups[l].layouts, true, leaves[p]);
        seconds[l] += std::chrono::duration<double>(Clock::now() - start).count();
        score(l, r.chosen);
      }
    }
  }
  std::printf(
      "%zu positions (seed %llu, lexicon %s), reference %llu layouts of the %llu best, %d runs "
      "each%s\n",
      views.size(), static_cast<unsigned long long>(seed), lexicon.c_str(),
      static_cast<unsigned long long>(reference), static_cast<unsigned long long>(widest), runs,
      infer ? ", the other rack inferred" : "");
  std::printf("%-12s %16s %12s %14s\n", "chooser", "regret (points)", "best chosen", "ms a move");
  for (size_t l = 0; l < lineups.size(); ++l) {
    const std::vector<double>& r = regret[l];
    double mean = 0, squares = 0;
    for (double x : r) mean += x / static_cast<double>(r.size());
    for (double x : r) squares += (x - mean) * (x - mean);
    const double se =
        std::sqrt(squares / static_cast<double>(r.size() - 1) / static_cast<double>(r.size()));
    std::printf("%-12s %9.2f ±%5.2f %11.0f%% %14.1f\n", lineups[l].name.c_str(), mean, se,
                100.0 * hits[l] / static_cast<double>(r.size()),
                l == 0 ? 0.0 : 1e3 * seconds[l] / static_cast<double>(r.size()));
  }
  return 0;
}
