#include "engine/games/bigtwo/match.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/core/match_support.h"
#include "engine/core/rng.h"
#include "engine/games/bigtwo/rules/plays.h"
#include "engine/games/bigtwo/rules/rules_options.h"

namespace kibitzer::bigtwo {
namespace {

struct GameRecord {
  int points[kMaxPlayers] = {};  // by player (not seat)
  int winner = -1;               // player
  std::vector<double> move_ms[kMaxPlayers];
  uint64_t nodes[kMaxPlayers] = {};
  core::GameLog log;  // when the match writes records
};

GameRecord PlayGame(const MatchOptions& o, int game, int deal, int rotation) {
  const int n = o.rules.players;
  const std::array<Mask, kMaxPlayers> hands = DealHands(o.seed, static_cast<uint64_t>(deal), n);
  const State start = StartOfGame(o.rules, hands);
  State s = start;
  GameRecord rec;
  // Seat `seat` is played by player (seat - rotation) mod n.
  auto player_of = [&](int seat) { return (seat - rotation + n) % n; };
  Move moves[kMaxMoves];
  while (!s.IsTerminal()) {
    const int seat = s.CurrentPlayer();
    const int player = player_of(seat);
    const PlayerOptions& po = o.players[static_cast<size_t>(player)];
    const uint64_t stream = (static_cast<uint64_t>(deal) * kMaxPlayers + rotation) << 16 | s.ply();
    const uint64_t move_seed = core::Rng::ForStream(po.seed ^ o.seed, stream).Next();
    const bool choice = s.GenerateMoves(moves) > 1;
    const auto t0 = std::chrono::steady_clock::now();
    std::optional<double> value;
    const Move m = ChooseMove(s, po, move_seed, &rec.nodes[player], &value);
    const auto t1 = std::chrono::steady_clock::now();
    if (choice) {
      rec.move_ms[player].push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    s.Play(m);
    if (o.on_game) {
      rec.log.moves.push_back(FormatPlay(m, o.rules.variant));
      rec.log.values.push_back(value);
    }
  }
  int by_seat[kMaxPlayers];
  s.Returns(by_seat);
  for (int seat = 0; seat < n; ++seat) rec.points[player_of(seat)] = by_seat[seat];
  if (o.on_game) {
    rec.log.game = game;
    rec.log.deal = static_cast<uint64_t>(deal);
    rec.log.variant = VariantName(o.rules.variant);
    rec.log.options = RuleOptions(o.rules);
    std::vector<std::string> dealt;
    for (int seat = 0; seat < n; ++seat) {
      rec.log.players.push_back(PlayerName(o.players[static_cast<size_t>(player_of(seat))]));
      rec.log.scores.push_back(by_seat[seat]);
      dealt.push_back(FormatCards(hands[static_cast<size_t>(seat)], o.rules.variant));
    }
    rec.log.notation = absl::StrJoin(dealt, " ");
  }
  rec.winner = player_of(s.winner());
  return rec;
}

}  // namespace

std::array<Mask, kMaxPlayers> DealHands(uint64_t seed, uint64_t index, int players) {
  core::Rng rng = core::Rng::ForStream(seed, index);
  int deck[kCards];
  for (int c = 0; c < kCards; ++c) deck[c] = c;
  rng.Shuffle(deck, deck + kCards);
  std::array<Mask, kMaxPlayers> hands{};
  for (int p = 0; p < players; ++p) {
    for (int k = 0; k < kHandSize; ++k) hands[p] |= Bit(deck[p * kHandSize + k]);
  }
  return hands;
}

State StartOfGame(const Rules& rules, const std::array<Mask, kMaxPlayers>& hands) {
  Mask dealt = 0;
  for (int p = 0; p < rules.players; ++p) dealt |= hands[p];
  const int lowest = __builtin_ctzll(dealt);
  int leader = 0;
  for (int p = 0; p < rules.players; ++p) {
    if (hands[p] & Bit(lowest)) leader = p;
  }
  return State(rules, hands, static_cast<uint8_t>((1 << rules.players) - 1), leader, lowest);
}

namespace {

// The result of the first `total` games.
MatchResult Summarize(const MatchOptions& o, const std::vector<GameRecord>& records, int total) {
  const int n = o.rules.players;
  MatchResult result;
  result.games = total;
  result.players.resize(static_cast<size_t>(n));
  for (int p = 0; p < n; ++p) {
    PlayerResult& r = result.players[static_cast<size_t>(p)];
    r.name = PlayerName(o.players[static_cast<size_t>(p)]);
    std::vector<double> times;
    double sum_sq = 0;
    for (int i = 0; i < total; ++i) {
      const GameRecord& g = records[static_cast<size_t>(i)];
      ++r.games;
      r.wins += g.winner == p;
      r.points += g.points[p];
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
  const int n = o.rules.players;
  if (static_cast<int>(o.players.size()) != n) {
    return absl::InvalidArgumentError(
        absl::StrCat("players: ", n, " seats need ", n, " players, got ", o.players.size()));
  }
  if (o.deals < 1) return absl::InvalidArgumentError("deals: must be at least 1");
  if (o.first_deal < 0) return absl::InvalidArgumentError("first_deal: must not be negative");
  const int rotations = o.rotate ? n : 1;
  const int total = o.deals * rotations;
  return core::PlaySummarized(
      total, o.threads, rotations * o.report_every,
      [&](int g) { return PlayGame(o, g, o.first_deal + g / rotations, g % rotations); },
      [&](const std::vector<GameRecord>& records, int games) {
        return Summarize(o, records, games);
      },
      progress, partial,
      [&](const GameRecord& g) {
        if (o.on_game) o.on_game(g.log);
      });
}

}  // namespace kibitzer::bigtwo
