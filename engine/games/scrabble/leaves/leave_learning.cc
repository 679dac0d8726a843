#include "engine/games/scrabble/leaves/leave_learning.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/core/match_support.h"
#include "engine/games/scrabble/match.h"
#include "engine/games/scrabble/players.h"

namespace kibitzer::scrabble {
namespace {

constexpr double kFixed = 1000;  // targets are summed in thousandths of a point
constexpr int kPairs = kTileKinds * (kTileKinds + 1) / 2;
constexpr int kFeatures = kTileKinds + kPairs;

struct Observation {
  uint32_t key;    // the leave kept (0: none)
  int32_t target;  // thousandths of a point
  uint8_t bag;     // tiles in the bag before the draw
};

// One game of the static player against itself; its observations in move order.
std::vector<Observation> PlayOne(const std::shared_ptr<const Kwg>& kwg,
                                 const std::shared_ptr<const LeaveTable>& leaves,
                                 const LeaveLearningOptions& o, uint64_t deal, int64_t* points) {
  Position pos = NewGame(kwg, o.lexicon, o.rules, o.seed, deal, leaves);
  pos.StopRecording();
  MoveGenerator gen(*kwg);
  StaticBest best;
  uint64_t nodes = 0;
  struct Turn {
    int player;
    uint32_t key;
    int leave_size, bag, score;
    double equity;
    std::array<int, 2> after;  // the scores after it
  };
  std::vector<Turn> turns;
  while (!pos.over()) {
    const Move m = best.Choose(pos, gen, &nodes);
    Rack leave = pos.side(pos.to_move()).rack;
    leave.RemoveAll(m.Used());
    Turn t{pos.to_move(),
           leave.size <= kMaxLeave ? LeaveTable::Key(leave) : 0u,
           leave.size,
           pos.bag_size(),
           m.score,
           best.equity(),
           {}};
    pos.Apply(m);
    t.after = {pos.score(0), pos.score(1)};
    turns.push_back(t);
  }
  *points += pos.score(0) + pos.score(1);
  std::vector<Observation> out;
  for (size_t i = 0; i < turns.size(); ++i) {
    const Turn& t = turns[i];
    if (t.bag == 0 || t.leave_size > kMaxLeave) continue;
    if (t.leave_size == 0 && t.bag < kRackSize) continue;  // a fresh rack only with a full draw
    double target;
    if (i + 2 < turns.size()) {
      target = turns[i + 2].equity;
    } else {
      const int me = t.player, other = 1 - me;
      const int other_moves = i + 1 < turns.size() ? turns[i + 1].score : 0;
      target = (pos.score(me) - t.after[static_cast<size_t>(me)]) -
               (pos.score(other) - t.after[static_cast<size_t>(other)] - other_moves);
    }
    out.push_back({t.key, static_cast<int32_t>(std::lround(target * kFixed)),
                   static_cast<uint8_t>(std::min(t.bag, kRackSize))});
  }
  return out;
}

int PairIndex(int a, int b) {  // a <= b
  return kTileKinds + a * kTileKinds - a * (a - 1) / 2 + (b - a);
}

// The pair model's features of a leave: (index, value), at most 6 + 15.
int Features(const Rack& leave, int* index, double* value) {
  int n = 0, kinds[kRackSize], k_count = 0;
  for (int k = 0; k < kTileKinds; ++k) {
    const int c = leave.count[k];
    if (c == 0) continue;
    index[n] = k, value[n++] = c;
    if (c > 1) index[n] = PairIndex(k, k), value[n++] = c * (c - 1) / 2;
    for (int i = 0; i < k_count; ++i) {
      index[n] = PairIndex(kinds[i], k), value[n++] = c * leave.count[kinds[i]];
    }
    kinds[k_count++] = k;
  }
  return n;
}

// Solves a x = b for symmetric positive definite a (n x n, row-major) by Cholesky, in place.
void SolveSpd(std::vector<double>& a, std::vector<double>& b, int n) {
  for (int j = 0; j < n; ++j) {
    double d = a[j * n + j];
    for (int k = 0; k < j; ++k) d -= a[j * n + k] * a[j * n + k];
    d = std::sqrt(std::max(d, 1e-12));
    a[j * n + j] = d;
    for (int i = j + 1; i < n; ++i) {
      double s = a[i * n + j];
      for (int k = 0; k < j; ++k) s -= a[i * n + k] * a[j * n + k];
      a[i * n + j] = s / d;
    }
  }
  for (int i = 0; i < n; ++i) {  // L y = b
    double s = b[i];
    for (int k = 0; k < i; ++k) s -= a[i * n + k] * b[k];
    b[i] = s / a[i * n + i];
  }
  for (int i = n - 1; i >= 0; --i) {  // L^T x = y
    double s = b[i];
    for (int k = i + 1; k < n; ++k) s -= a[k * n + i] * b[k];
    b[i] = s / a[i * n + i];
  }
}

struct Sum {
  int64_t n = 0, total = 0;
};

// The table of one generation's observations.
LeaveTable Fit(const std::vector<std::vector<Observation>>& games, const LeaveLearningOptions& o,
               LeaveLearningStats* stats) {
  std::unordered_map<uint32_t, Sum> sums;
  sums.reserve(1 << 19);
  Sum fresh;
  for (const auto& game : games) {
    for (const Observation& ob : game) {
      if (ob.bag < kRackSize) continue;
      Sum& s = ob.key == 0 ? fresh : sums[ob.key];
      ++s.n, s.total += ob.target;
    }
  }
  const double baseline = fresh.n > 0 ? fresh.total / kFixed / static_cast<double>(fresh.n) : 0;
  std::vector<uint32_t> keys;
  keys.reserve(sums.size());
  for (const auto& [key, s] : sums) keys.push_back(key);
  std::sort(keys.begin(), keys.end());
  const auto mean = [&](const Sum& s) {
    return s.total / kFixed / static_cast<double>(s.n) - baseline;
  };

  // The pair model by weighted least squares.
  std::vector<double> a(kFeatures * kFeatures, 0), b(kFeatures, 0);
  int index[32];
  double value[32];
  for (uint32_t key : keys) {
    const Sum& s = sums[key];
    const int n = Features(LeaveTable::FromKey(key), index, value);
    const double w = static_cast<double>(s.n), y = mean(s);
    for (int i = 0; i < n; ++i) {
      b[index[i]] += w * value[i] * y;
      for (int j = 0; j < n; ++j) a[index[i] * kFeatures + index[j]] += w * value[i] * value[j];
    }
  }
  for (int i = 0; i < kFeatures; ++i) a[i * kFeatures + i] += 1.0;  // the ridge
  SolveSpd(a, b, kFeatures);
  LeaveTable table;
  for (int k = 0; k < kTileKinds; ++k) {
    table.SetTile(k, b[k]);
    for (int j = k; j < kTileKinds; ++j) table.SetPair(k, j, b[PairIndex(k, j)]);
  }

  // Leaves kept often enough: their mean, pulled towards the model.
  uint64_t observations = 0, stored = 0;
  for (uint32_t key : keys) {
    const Sum& s = sums[key];
    observations += static_cast<uint64_t>(s.n);
    if (s.n < o.min_count) continue;
    const double model = table.ModelValue(LeaveTable::FromKey(key));
    const double n = static_cast<double>(s.n);
    table.SetLeave(key, model + n / (n + o.prior_weight) * (mean(s) - model));
    ++stored;
  }

  // Near the end of the bag: each bag size's slope of the target on the new value.
  for (int bag = 1; bag < kRackSize; ++bag) {
    double sx = 0, sy = 0, sxx = 0, sxy = 0, n = 0;
    for (const auto& game : games) {
      for (const Observation& ob : game) {
        if (ob.bag != bag || ob.key == 0) continue;
        const double x = table.Value(LeaveTable::FromKey(ob.key)), y = ob.target / kFixed;
        sx += x, sy += y, sxx += x * x, sxy += x * y, n += 1;
      }
    }
    const double var = sxx - sx * sx / std::max(n, 1.0);
    const double slope = n > 10 && var > 0 ? (sxy - sx * sy / n) / var : 1.0;
    table.SetBagFactor(bag, std::clamp(slope, 0.0, 2.0));
  }
  stats->observations = observations + static_cast<uint64_t>(fresh.n);
  stats->leaves_seen = keys.size();
  stats->leaves_stored = stored;
  stats->baseline = baseline;
  return table;
}

}  // namespace

absl::StatusOr<LeaveTable> LearnLeaves(const LeaveLearningOptions& options,
                                       const std::function<void(int, int, int)>& progress,
                                       LeaveLearningStats* stats) {
  if (options.games < 1 || options.games > 10'000'000) {
    return absl::InvalidArgumentError("--games: must be 1 to 10000000");
  }
  if (options.generations < 1 || options.generations > 100) {
    return absl::InvalidArgumentError("--generations: must be 1 to 100");
  }
  if (options.min_count < 1) return absl::InvalidArgumentError("--min-count: must be at least 1");
  std::shared_ptr<const LeaveTable> previous;  // null: the hand-made values
  LeaveTable table;
  for (int generation = 0; generation < options.generations; ++generation) {
    std::vector<std::vector<Observation>> games(static_cast<size_t>(options.games));
    std::vector<int64_t> points(static_cast<size_t>(options.games), 0);
    core::RunGames(
        options.games, options.threads,
        [&](int g) {
          const uint64_t deal = static_cast<uint64_t>(generation) * options.games + g;
          games[static_cast<size_t>(g)] =
              PlayOne(options.kwg, previous, options, deal, &points[static_cast<size_t>(g)]);
        },
        [&](int done, int total) {
          if (progress) progress(generation, done, total);
        });
    table = Fit(games, options, stats);
    int64_t total = 0;
    for (int64_t p : points) total += p;
    stats->mean_game_score = static_cast<double>(total) / (2.0 * options.games);
    previous = std::make_shared<const LeaveTable>(table);
  }
  return table;
}

}  // namespace kibitzer::scrabble
