#include "engine/games/tarok/match.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <thread>

#include "absl/strings/str_cat.h"
#include "engine/games/tarok/deal.h"
#include "engine/games/tarok/view.h"

namespace kibitzer::tarok {
namespace {

struct GameRecord {
  int points[kPlayers] = {};  // by player (not seat)
  int declarer = -1;          // player
  bool made = false;
  std::vector<double> move_ms[kPlayers];
  uint64_t nodes[kPlayers] = {};
};

GameRecord PlayGame(const MatchOptions& o, int deal, int rotation) {
  core::Rng deal_rng = core::Rng::ForStream(o.seed, static_cast<uint64_t>(deal));
  Round r(o.rules, RandomDeal(deal_rng));
  std::vector<Move> moves;
  GameRecord rec;
  auto player_of = [&](int seat) { return (seat - rotation + kPlayers) % kPlayers; };
  std::vector<std::unique_ptr<Solver>> solvers;
  for (int p = 0; p < kPlayers; ++p) solvers.push_back(std::make_unique<Solver>(18));
  while (r.phase() != Phase::kDone) {
    const int seat = r.ToMove();
    const int player = player_of(seat);
    const PlayerOptions& po = o.players[static_cast<size_t>(player)];
    const uint64_t stream =
        (static_cast<uint64_t>(deal) * kPlayers + rotation) << 16 | moves.size();
    const uint64_t move_seed = core::Rng::ForStream(po.seed ^ o.seed, stream).Next();
    const Round view = SeatView(r, moves, seat);
    const bool timed = r.phase() == Phase::kPlay && std::popcount(r.play().Legal()) > 1;
    const auto t0 = std::chrono::steady_clock::now();
    Move m =
        ChooseMove(view, po, move_seed, *solvers[static_cast<size_t>(player)], &rec.nodes[player]);
    const auto t1 = std::chrono::steady_clock::now();
    if (timed) {
      rec.move_ms[player].push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    const std::vector<Move> legal = r.LegalMoves();
    if (std::find(legal.begin(), legal.end(), m) == legal.end()) m = legal.front();
    r.Apply(m);
    moves.push_back(m);
  }
  const std::array<int, kPlayers> scores = r.Scores();
  for (int seat = 0; seat < kPlayers; ++seat) rec.points[player_of(seat)] = scores[seat];
  if (r.declarer() >= 0) {
    rec.declarer = player_of(r.declarer());
    rec.made = scores[r.declarer()] > 0;
  }
  return rec;
}

double HalfWidth(double sd, int n) { return n > 1 ? 1.96 * sd / std::sqrt(n) : 0; }

}  // namespace

double PlayerResult::PointsHalfWidth() const { return HalfWidth(points_sd, games); }

double PlayerResult::WinRateHalfWidth() const {
  const double p = WinRate();
  return HalfWidth(std::sqrt(p * (1 - p)), games);
}

absl::StatusOr<MatchResult> PlayMatch(const MatchOptions& o,
                                      const std::function<void(int, int)>& progress) {
  if (o.players.size() != kPlayers) {
    return absl::InvalidArgumentError(
        absl::StrCat("players: tarok needs 3 players, got ", o.players.size()));
  }
  if (o.deals < 1) return absl::InvalidArgumentError("deals: must be at least 1");
  const int rotations = o.rotate ? kPlayers : 1;
  const int total = o.deals * rotations;
  std::vector<GameRecord> records(static_cast<size_t>(total));
  std::atomic<int> next{0}, done{0};
  std::mutex progress_mu;
  auto worker = [&] {
    for (int g = next++; g < total; g = next++) {
      records[static_cast<size_t>(g)] = PlayGame(o, g / rotations, g % rotations);
      const int d = ++done;
      if (progress) {
        std::lock_guard<std::mutex> lock(progress_mu);
        progress(d, total);
      }
    }
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < std::max(1, o.threads); ++t) threads.emplace_back(worker);
  worker();
  for (std::thread& t : threads) t.join();

  MatchResult result;
  result.games = total;
  result.players.resize(kPlayers);
  result.differences.assign(kPlayers, std::vector<std::pair<double, double>>(kPlayers));
  for (int p = 0; p < kPlayers; ++p) {
    PlayerResult& r = result.players[static_cast<size_t>(p)];
    r.name = PlayerName(o.players[static_cast<size_t>(p)]);
    std::vector<double> times;
    double sum_sq = 0;
    for (const GameRecord& g : records) {
      ++r.games;
      r.points += g.points[p];
      r.wins += g.points[p] > 0;
      if (g.declarer == p) {
        ++r.declared;
        r.made += g.made;
      }
      sum_sq += static_cast<double>(g.points[p]) * g.points[p];
      r.nodes += g.nodes[p];
      times.insert(times.end(), g.move_ms[p].begin(), g.move_ms[p].end());
    }
    const double mean = r.MeanPoints();
    r.points_sd = std::sqrt(std::max(0.0, sum_sq / r.games - mean * mean));
    r.moves = times.size();
    if (!times.empty()) {
      std::nth_element(times.begin(), times.begin() + static_cast<long>(times.size() / 2),
                       times.end());
      r.median_move_ms = times[times.size() / 2];
    }
    for (int q = 0; q < kPlayers; ++q) {
      double s = 0, ss = 0;
      for (const GameRecord& g : records) {
        const double d = g.points[p] - g.points[q];
        s += d;
        ss += d * d;
      }
      const double m = s / total;
      const double sd = std::sqrt(std::max(0.0, ss / total - m * m));
      result.differences[static_cast<size_t>(p)][static_cast<size_t>(q)] = {m,
                                                                            HalfWidth(sd, total)};
    }
  }
  return result;
}

}  // namespace kibitzer::tarok
