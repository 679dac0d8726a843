#include "engine/games/scrabble/match.h"

#include <cctype>
#include <chrono>

#include "engine/core/match_support.h"
#include "engine/core/rng.h"
#include "engine/games/scrabble/notation/notation.h"

namespace kibitzer::scrabble {

double PlayerResult::SpreadHalfWidth() const { return core::HalfWidth95(spread_sd, games); }

double PlayerResult::WinRateHalfWidth() const {
  const double p = WinRate();
  return core::HalfWidth95(std::sqrt(std::max(0.0, p * (1 - p))), games);
}

Position NewGame(std::shared_ptr<const Kwg> kwg, const std::string& lexicon, const Rules& rules,
                 uint64_t seed, uint64_t deal, std::shared_ptr<const LeaveTable> leaves) {
  std::vector<uint8_t> tiles;
  for (int k = 0; k < kTileKinds; ++k) tiles.insert(tiles.end(), kDistribution[k], uint8_t(k));
  core::Rng rng = core::Rng::ForStream(seed, deal);
  rng.Shuffle(tiles.begin(), tiles.end());
  Position pos(std::move(kwg), lexicon, rules, std::move(leaves));
  Rack racks[2];
  for (int i = 0; i < 2 * kRackSize; ++i) racks[i / kRackSize].Add(tiles[static_cast<size_t>(i)]);
  pos.SetRack(0, racks[0]);
  pos.SetRack(1, racks[1]);
  (void)pos.Finish("deal");
  (void)pos.SetBag(std::vector<uint8_t>(tiles.begin() + 2 * kRackSize, tiles.end()), "deal");
  return pos;
}

namespace {

struct Game {
  std::array<int, 2> spread{};  // per player
  std::array<std::vector<double>, 2> ms;
  std::array<uint64_t, 2> nodes{};
  core::GameLog log;  // when the match writes records
};

// A player's name as a GCG nick: one word of letters, digits and '_'.
std::string Nick(const std::string& name) {
  std::string out = name;
  for (char& c : out) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return out;
}

// The result of the first `games` games.
MatchResult Summarize(const MatchOptions& options, const std::vector<Game>& played, int games) {
  MatchResult r;
  r.games = games;
  for (int p = 0; p < 2; ++p) {
    PlayerResult& pr = r.players[static_cast<size_t>(p)];
    pr.name = options.players[static_cast<size_t>(p)].name;
    double sum = 0, squares = 0;
    std::vector<double> ms;
    for (int i = 0; i < games; ++i) {
      const Game& g = played[static_cast<size_t>(i)];
      const int s = g.spread[static_cast<size_t>(p)];
      ++pr.games;
      pr.wins += s > 0 ? 1 : s == 0 ? 0.5 : 0;
      pr.spread += s;
      sum += s;
      squares += double(s) * s;
      ms.insert(ms.end(), g.ms[static_cast<size_t>(p)].begin(), g.ms[static_cast<size_t>(p)].end());
      pr.nodes += g.nodes[static_cast<size_t>(p)];
    }
    pr.moves = ms.size();
    pr.spread_sd = core::StdDev(sum, squares, pr.games);
    pr.median_move_ms = core::Median(ms);
    pr.p95_move_ms = core::Quantile(ms, 0.95);
    pr.max_move_ms = core::Quantile(std::move(ms), 1);
  }
  return r;
}

}  // namespace

absl::StatusOr<MatchResult> PlayMatch(const MatchOptions& options,
                                      const std::function<void(int, int)>& progress,
                                      const std::function<void(const MatchResult&)>& partial) {
  if (options.first_deal < 0) {
    return absl::InvalidArgumentError("first_deal: must not be negative");
  }
  const int per_deal = options.rotate ? 2 : 1;
  const int games = per_deal * options.deals;
  return core::PlaySummarized(
      games, options.threads, per_deal * options.report_every,
      [&](int g) {
        const uint64_t deal = static_cast<uint64_t>(options.first_deal) +
                              static_cast<uint64_t>(options.rotate ? g / 2 : g);
        const int first = options.rotate ? g % 2 : 0;  // the player in seat 0
        Position pos = NewGame(options.kwg, options.lexicon, options.rules, options.seed, deal,
                               options.leaves);
        Game out;
        if (options.on_game) {
          out.log.game = g;
          out.log.deal = deal;
          out.log.notation = FormatCgp(pos);
          if (options.rules.classic_end) out.log.options["end"] = "classic";
          out.log.options["exchange_min"] = std::to_string(options.rules.exchange_min);
          out.log.options["scoreless_turns"] = std::to_string(options.rules.scoreless_turns);
        } else {
          pos.StopRecording();
        }
        std::array<Player, 2> players = {Player(*options.kwg, options.players[0]),
                                         Player(*options.kwg, options.players[1])};
        for (uint64_t turn = 0; !pos.over(); ++turn) {
          const int p = pos.to_move() == 0 ? first : 1 - first;
          const auto start = std::chrono::steady_clock::now();
          const Move m = players[static_cast<size_t>(p)].Choose(pos, deal * 1000 + turn,
                                                                &out.nodes[static_cast<size_t>(p)]);
          out.ms[static_cast<size_t>(p)].push_back(
              std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                  .count());
          players[static_cast<size_t>(1 - p)].Observe(pos, m);
          if (options.on_game) out.log.moves.push_back(pos.Format(m));
          pos.Apply(m);
        }
        const int seat_of_0 = first == 0 ? 0 : 1;
        out.spread[0] = pos.score(seat_of_0) - pos.score(1 - seat_of_0);
        out.spread[1] = -out.spread[0];
        if (options.on_game) {
          std::array<std::string, 2> nicks;
          for (int seat = 0; seat < 2; ++seat) {
            const int player = seat == 0 ? first : 1 - first;
            out.log.players.push_back(options.players[static_cast<size_t>(player)].name);
            out.log.scores.push_back(pos.score(seat));
            nicks[static_cast<size_t>(seat)] = Nick(out.log.players.back());
          }
          if (nicks[0] == nicks[1]) nicks = {nicks[0] + "_1", nicks[1] + "_2"};
          out.log.record = FormatGcg(pos, nicks);
        }
        return out;
      },
      [&](const std::vector<Game>& played, int n) { return Summarize(options, played, n); },
      progress, partial,
      [&](const Game& g) {
        if (options.on_game) options.on_game(g.log);
      });
}

}  // namespace kibitzer::scrabble
