// What the match harnesses share: games over threads, 95% half-widths, medians and paired
// differences per game.
#pragma once

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/core/thread_pool.h"

namespace kibitzer::core {

// One game a match played, for the records a match writes (training data, replays): by seat.
struct GameLog {
  int game = 0;                      // in the match's order
  uint64_t deal = 0;                 // the deal's index in the seed
  std::vector<std::string> players;  // the player in each seat
  std::string variant;               // the game's rules: Position.variant and .options
  std::map<std::string, std::string> options;
  std::string notation;            // the deal, as the game's Position.notation
  std::vector<std::string> moves;  // every move from the deal, in the game's move notation
  // The value the player saw for each move it chose, where it has one (bridge: tricks for its
  // side from there); empty when the harness records none.
  std::vector<std::optional<double>> values;
  std::vector<int> scores;  // each seat's result (points; Scrabble: score)
  std::string record;       // the game in its own record format where it has one (GCG)
};

// Which games a match plays and how (every harness's MatchOptions is one, with its players and
// rules added): deals first_deal .. first_deal + deals - 1 of `seed`, on `threads` threads,
// results in game order whatever the threads.
struct MatchSchedule {
  int deals = 100;
  int first_deal = 0;
  uint64_t seed = 1;
  int threads = 1;
  int report_every = 0;  // deals: partial results after every N deals' games (0: none)
  // Given each game in game order when set: the deal, every move, the scores, the record where
  // the game has one (kibitz match --records).
  std::function<void(const GameLog&)> on_game;
};

// One player's tally over a match's games (each harness's PlayerResult is one, with its own
// extras): wins and points with their 95% half-widths, move times and nodes.
struct PlayerTally {
  std::string name;
  int games = 0;
  int wins = 0;
  int64_t points = 0;
  double points_sd = 0;       // standard deviation of the points of one game
  double median_move_ms = 0;  // median time of the moves it had to choose (two or more legal)
  uint64_t moves = 0;
  uint64_t nodes = 0;
  double MeanPoints() const { return games > 0 ? static_cast<double>(points) / games : 0; }
  double WinRate() const { return games > 0 ? static_cast<double>(wins) / games : 0; }
  // Half-widths of the 95% confidence intervals (normal approximation).
  double PointsHalfWidth() const;
  double WinRateHalfWidth() const;
};

// Plays games 0 .. total - 1 with `play(g)` on `threads` threads (each game on one thread, taken
// in order); `progress` (may be empty) is called with the games done so far, one call at a time.
// `prefix` (may be empty) is called, under the same lock, with n each time the first n games have
// all been played and n is a multiple of `every` or the total: a report that does not depend on
// the thread count can be made from them while the rest play.
// `in_order` (may be empty) is called, under the lock, with each game as the games before it are
// all done: the games in order, whatever the threads.
template <typename Play>
void RunGames(int total, int threads, Play&& play, const std::function<void(int, int)>& progress,
              const std::function<void(int)>& prefix = {}, int every = 0,
              const std::function<void(int)>& in_order = {}) {
  std::atomic<int> next{0}, done{0};
  std::mutex mu;
  std::vector<char> finished(static_cast<size_t>(std::max(0, total)), 0);
  int first_unfinished = 0;
  auto worker = [&] {
    for (int g = next++; g < total; g = next++) {
      play(g);
      const int d = ++done;
      std::lock_guard<std::mutex> lock(mu);
      if (progress) progress(d, total);
      finished[static_cast<size_t>(g)] = 1;
      while (first_unfinished < total && finished[static_cast<size_t>(first_unfinished)]) {
        if (in_order) in_order(first_unfinished);
        ++first_unfinished;
        if (prefix && ((every > 0 && first_unfinished % every == 0) || first_unfinished == total)) {
          prefix(first_unfinished);
        }
      }
    }
  };
  ThreadGroup helpers;
  for (int t = 1; t < std::max(1, threads); ++t) helpers.Start(worker);
  worker();
  helpers.Join();
}

// RunGames for a harness that summarizes its games: `play(g)` returns game g's record,
// `summarize(records, n)` the result of the first n; `partial` (may be empty) is given that after
// the first `every`, 2 `every`, ... games (not at the end); `each` (may be empty) every game's
// record in game order as soon as the games before it are done. Returns the result of them all.
template <typename Play, typename Summarize, typename Result>
Result PlaySummarized(
    int total, int threads, int every, Play&& play, Summarize&& summarize,
    const std::function<void(int, int)>& progress,
    const std::function<void(const Result&)>& partial,
    const std::function<void(const std::invoke_result_t<Play&, int>&)>& each = {}) {
  std::vector<decltype(play(0))> records(static_cast<size_t>(total));
  RunGames(
      total, threads, [&](int g) { records[static_cast<size_t>(g)] = play(g); }, progress,
      [&](int n) {
        if (partial && n < total) partial(summarize(records, n));
      },
      every,
      [&](int g) {
        if (each) each(records[static_cast<size_t>(g)]);
      });
  return summarize(records, total);
}

// Half-width of the 95% confidence interval of a mean of n values with standard deviation sd
// (normal approximation).
inline double HalfWidth95(double sd, int n) { return n > 1 ? 1.96 * sd / std::sqrt(n) : 0; }

inline double PlayerTally::PointsHalfWidth() const { return HalfWidth95(points_sd, games); }
inline double PlayerTally::WinRateHalfWidth() const {
  const double p = WinRate();
  return HalfWidth95(std::sqrt(p * (1 - p)), games);
}

// Population standard deviation from a sum and a sum of squares of n values.
inline double StdDev(double sum, double sum_squares, int n) {
  if (n == 0) return 0;
  const double mean = sum / n;
  return std::sqrt(std::max(0.0, sum_squares / n - mean * mean));
}

// The element at floor(q * n) in order (the last for q = 1); 0 for none.
inline double Quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  const size_t k = std::min(v.size() - 1, static_cast<size_t>(q * static_cast<double>(v.size())));
  std::nth_element(v.begin(), v.begin() + static_cast<long>(k), v.end());
  return v[k];
}

// The upper median (the element at n / 2 in order); 0 for none.
inline double Median(std::vector<double> v) { return Quantile(std::move(v), 0.5); }

// differences[p][q]: the mean over games of points(p) - points(q) and its 95% half-width, paired
// over the same games so deal luck cancels. `points(g, p)` is player p's score in game g.
template <typename Points>
std::vector<std::vector<std::pair<double, double>>> PairedDifferences(int games, int players,
                                                                      Points&& points) {
  std::vector<std::vector<std::pair<double, double>>> out(
      static_cast<size_t>(players), std::vector<std::pair<double, double>>(players));
  for (int p = 0; p < players; ++p) {
    for (int q = 0; q < players; ++q) {
      double s = 0, ss = 0;
      for (int g = 0; g < games; ++g) {
        const double d = points(g, p) - points(g, q);
        s += d;
        ss += d * d;
      }
      out[static_cast<size_t>(p)][static_cast<size_t>(q)] = {
          games > 0 ? s / games : 0, HalfWidth95(StdDev(s, ss, games), games)};
    }
  }
  return out;
}

}  // namespace kibitzer::core
