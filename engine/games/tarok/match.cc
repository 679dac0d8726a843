#include "engine/games/tarok/match.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "engine/core/match_support.h"
#include "engine/games/tarok/rules/deal.h"
#include "engine/games/tarok/tarok_game.h"
#include "engine/games/tarok/view/view.h"

namespace kibitzer::tarok {
namespace {

struct GameRecord {
  int points[kMaxPlayers] = {};  // by player (not seat)
  int declarer = -1;             // player
  bool made = false;
  std::vector<double> move_ms[kMaxPlayers];
  uint64_t nodes[kMaxPlayers] = {};
  core::GameLog log;  // when the match writes records
};

GameRecord PlayGame(const MatchOptions& o, int game, int deal, int rotation) {
  core::Rng deal_rng = core::Rng::ForStream(o.seed, static_cast<uint64_t>(deal));
  const int n = static_cast<int>(o.players.size());
  const DealCards dealt = RandomDeal(deal_rng, n);
  Round r(o.rules, dealt);
  std::vector<Move> moves;
  GameRecord rec;
  auto player_of = [&](int seat) { return (seat - rotation + n) % n; };
  std::vector<std::unique_ptr<Solver>> solvers;
  for (int p = 0; p < n; ++p) solvers.push_back(std::make_unique<Solver>(18));
  while (r.phase() != Phase::kDone) {
    const int seat = r.ToMove();
    const int player = player_of(seat);
    const PlayerOptions& po = o.players[static_cast<size_t>(player)];
    const uint64_t stream =
        (static_cast<uint64_t>(deal) * static_cast<uint64_t>(n) + rotation) << 16 | moves.size();
    const uint64_t move_seed = core::Rng::ForStream(po.seed ^ o.seed, stream).Next();
    const Round view = SeatView(r, moves, seat);
    const bool timed = r.phase() == Phase::kPlay && std::popcount(r.play().Legal()) > 1;
    const auto t0 = std::chrono::steady_clock::now();
    std::optional<double> value;
    Move m = ChooseMove(view, po, move_seed, *solvers[static_cast<size_t>(player)],
                        &rec.nodes[player], &value);
    const auto t1 = std::chrono::steady_clock::now();
    if (timed) {
      rec.move_ms[player].push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    const std::vector<Move> legal = r.LegalMoves();
    if (std::find(legal.begin(), legal.end(), m) == legal.end()) {
      m = legal.front();
      value.reset();
    }
    r.Apply(m);
    moves.push_back(m);
    if (o.on_game) rec.log.values.push_back(value);
  }
  const std::array<int, kMaxPlayers> scores = r.Scores();
  for (int seat = 0; seat < n; ++seat) rec.points[player_of(seat)] = scores[seat];
  if (o.on_game) {
    rec.log.game = game;
    rec.log.deal = static_cast<uint64_t>(deal);
    rec.log.variant = o.rules.preset;
    rec.log.options = RulesToOptions(o.rules);
    rec.log.notation = DealNotation(dealt);
    for (int seat = 0; seat < n; ++seat) {
      rec.log.players.push_back(PlayerName(o.players[static_cast<size_t>(player_of(seat))]));
      rec.log.scores.push_back(scores[seat]);
    }
    for (const Move& m : moves) rec.log.moves.push_back(MoveText(m));
  }
  if (r.declarer() >= 0) {
    rec.declarer = player_of(r.declarer());
    rec.made = scores[r.declarer()] > 0;
  }
  return rec;
}

// The result of the first `total` games.
MatchResult Summarize(const MatchOptions& o, const std::vector<GameRecord>& records, int total) {
  MatchResult result;
  result.games = total;
  const int n = static_cast<int>(o.players.size());
  result.players.resize(static_cast<size_t>(n));
  for (int p = 0; p < n; ++p) {
    PlayerResult& r = result.players[static_cast<size_t>(p)];
    r.name = PlayerName(o.players[static_cast<size_t>(p)]);
    std::vector<double> times;
    double sum_sq = 0;
    for (int i = 0; i < total; ++i) {
      const GameRecord& g = records[static_cast<size_t>(i)];
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
    r.points_sd = core::StdDev(static_cast<double>(r.points), sum_sq, r.games);
    r.moves = times.size();
    r.median_move_ms = core::Median(std::move(times));
  }
  result.differences = core::PairedDifferences(total, n, [&](int g, int p) {
    return static_cast<double>(records[static_cast<size_t>(g)].points[p]);
  });
  return result;
}

}  // namespace

absl::StatusOr<MatchResult> PlayMatch(const MatchOptions& o,
                                      const std::function<void(int, int)>& progress,
                                      const std::function<void(const MatchResult&)>& partial) {
  if (o.players.size() != 3 && o.players.size() != 4) {
    return absl::InvalidArgumentError(
        absl::StrCat("players: tarok needs 3 players (or 4), got ", o.players.size()));
  }
  if (o.deals < 1) return absl::InvalidArgumentError("deals: must be at least 1");
  if (o.first_deal < 0) return absl::InvalidArgumentError("first_deal: must not be negative");
  const int rotations = o.rotate ? static_cast<int>(o.players.size()) : 1;
  const int total = o.deals * rotations;
  return core::PlaySummarized(
      total, o.threads, rotations * o.report_every,
      [&](int g) { return PlayGame(o, g, o.first_deal + g / rotations, g % rotations); },
      [&](const std::vector<GameRecord>& records, int n) { return Summarize(o, records, n); },
      progress, partial,
      [&](const GameRecord& g) {
        if (o.on_game) o.on_game(g.log);
      });
}

}  // namespace kibitzer::tarok
