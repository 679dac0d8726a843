// kibitz match: the Big Two and tarok match harnesses, run in this process (no server needed).
#include <cstdio>

#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "clients/cli/commands.h"
#include "clients/cli/scrabble_run.h"
#include "engine/games/bigtwo/match.h"
#include "engine/games/bigtwo/rules_options.h"
#include "engine/games/scrabble/match.h"
#include "engine/games/tarok/match.h"

namespace kibitzer::cli {
namespace {

core::OptionMap PositionOptions(const CommandOptions& o) {
  core::OptionMap options;
  for (const std::string& kv : o.position_options) {
    std::pair<std::string, std::string> p = absl::StrSplit(kv, absl::MaxSplits('=', 1));
    options[p.first] = p.second;
  }
  return options;
}

// Prints a match result of either game (the same fields).
template <typename Result>
int Print(const CommandOptions& o, const MatchFlags& m, const Result& r, uint64_t seed) {
  const int n = static_cast<int>(r.players.size());
  if (o.json) {
    std::printf("{\"games\":%d,\"players\":[", r.games);
    for (int p = 0; p < n; ++p) {
      const auto& pr = r.players[p];
      std::printf(
          "%s{\"player\":\"%s\",\"wins\":%d,\"win_rate\":%.4f,\"win_rate_ci95\":%.4f,"
          "\"points\":%lld,\"mean_points\":%.4f,\"mean_points_ci95\":%.4f,"
          "\"median_move_ms\":%.3f,\"moves\":%llu,\"nodes\":%llu}",
          p ? "," : "", pr.name.c_str(), pr.wins, pr.WinRate(), pr.WinRateHalfWidth(),
          static_cast<long long>(pr.points), pr.MeanPoints(), pr.PointsHalfWidth(),
          pr.median_move_ms, static_cast<unsigned long long>(pr.moves),
          static_cast<unsigned long long>(pr.nodes));
    }
    std::printf("]}\n");
    return 0;
  }
  std::printf("%d games (%d deals%s, seed %llu)\n", r.games, m.deals,
              m.rotate ? ", seats rotated" : "", static_cast<unsigned long long>(seed));
  std::printf("%-3s %-22s %6s %17s %9s %18s %12s\n", "#", "player", "wins", "win rate (95%)",
              "points", "per game (95%)", "median ms");
  for (int p = 0; p < n; ++p) {
    const auto& pr = r.players[p];
    std::printf("%-3d %-22s %6d %8.1f%% ±%5.1f %9lld %9.3f ±%6.3f %12.3f\n", p + 1, pr.name.c_str(),
                pr.wins, 100 * pr.WinRate(), 100 * pr.WinRateHalfWidth(),
                static_cast<long long>(pr.points), pr.MeanPoints(), pr.PointsHalfWidth(),
                pr.median_move_ms);
  }
  std::printf("points per game, row minus column, paired over the same games (95%%):\n");
  for (int p = 0; p < n; ++p) {
    std::printf("  %d:", p + 1);
    for (int q = 0; q < n; ++q) {
      if (p == q) {
        std::printf("  %15s", "-");
      } else {
        const auto& d = r.differences[p][q];
        std::printf("  %+7.3f ±%5.3f", d.first, d.second);
      }
    }
    std::printf("\n");
  }
  return 0;
}

// The flags every match harness takes: deals, seed, rotation, threads.
template <typename Options>
void Schedule(const CommandOptions& o, const MatchFlags& m, Options& mo) {
  mo.deals = m.deals;
  mo.seed = o.seed;
  mo.rotate = m.rotate;
  mo.threads = o.threads > 0 ? o.threads : 1;
}

template <typename Options>
void Progress(const CommandOptions& o, int done, int total) {
  if (!o.json && (done % 100 == 0 || done == total)) {
    std::fprintf(stderr, "\r%d/%d games", done, total);
    if (done == total) std::fprintf(stderr, "\n");
  }
}

int RunTarokMatch(const CommandOptions& o, const MatchFlags& m) {
  absl::StatusOr<tarok::Rules> rules =
      tarok::RulesFromOptions(o.variant, PositionOptions(o), "--position-option");
  if (!rules.ok()) return Fail(rules.status());
  tarok::MatchOptions mo;
  mo.rules = *rules;
  Schedule(o, m, mo);
  // The flag's default names Big Two's players; tarok's default line-up is this engine against
  // two seed-style players.
  const std::string players =
      m.players == "baseline,baseline,baseline,baseline" ? "mc,seed,seed" : m.players;
  std::vector<std::string> names = absl::StrSplit(players, ',');
  for (size_t i = 0; i < names.size(); ++i) {
    absl::StatusOr<tarok::PlayerOptions> p =
        tarok::ParsePlayer(names[i], absl::StrCat("--players[", i, "]"));
    if (!p.ok()) return Fail(p.status());
    p->seed = i;
    mo.players.push_back(*p);
  }
  absl::StatusOr<tarok::MatchResult> r = tarok::PlayMatch(
      mo, [&](int done, int total) { Progress<tarok::MatchOptions>(o, done, total); });
  if (!r.ok()) return Fail(r.status());
  const int code = Print(o, m, *r, mo.seed);
  if (!o.json) {
    for (size_t p = 0; p < r->players.size(); ++p) {
      const tarok::PlayerResult& pr = r->players[p];
      std::printf("  player %zu declared %d games, made %d\n", p + 1, pr.declared, pr.made);
    }
  }
  return code;
}

int RunScrabbleMatch(const CommandOptions& o, const MatchFlags& m) {
  absl::StatusOr<ScrabbleRun> run = MakeScrabbleRun(o);
  if (!run.ok()) return Fail(run.status());
  scrabble::MatchOptions mo;
  mo.rules = run->rules;
  mo.kwg = run->kwg;
  mo.lexicon = run->lexicon;
  Schedule(o, m, mo);
  const std::string players =
      m.players == "baseline,baseline,baseline,baseline" ? "static,greedy" : m.players;
  std::vector<std::string> names = absl::StrSplit(players, ',');
  if (names.size() != 2) {
    return Fail(absl::InvalidArgumentError(
        absl::StrCat("--players: Scrabble is played by two players, got ", names.size())));
  }
  for (size_t i = 0; i < 2; ++i) {
    absl::StatusOr<scrabble::PlayerOptions> p =
        scrabble::ParsePlayer(names[i], absl::StrCat("--players[", i, "]"));
    if (!p.ok()) return Fail(p.status());
    p->seed = i;
    mo.players[i] = *p;
  }
  absl::StatusOr<scrabble::MatchResult> r = scrabble::PlayMatch(
      mo, [&](int done, int total) { Progress<scrabble::MatchOptions>(o, done, total); });
  if (!r.ok()) return Fail(r.status());
  if (o.json) {
    std::printf("{\"games\":%d,\"players\":[", r->games);
    for (int p = 0; p < 2; ++p) {
      const scrabble::PlayerResult& pr = r->players[static_cast<size_t>(p)];
      std::printf(
          "%s{\"player\":\"%s\",\"wins\":%.1f,\"win_rate\":%.4f,\"win_rate_ci95\":%.4f,"
          "\"mean_spread\":%.4f,\"mean_spread_ci95\":%.4f,\"median_move_ms\":%.3f,"
          "\"moves\":%llu,\"nodes\":%llu}",
          p ? "," : "", pr.name.c_str(), pr.wins, pr.WinRate(), pr.WinRateHalfWidth(),
          pr.MeanSpread(), pr.SpreadHalfWidth(), pr.median_move_ms,
          static_cast<unsigned long long>(pr.moves), static_cast<unsigned long long>(pr.nodes));
    }
    std::printf("]}\n");
    return 0;
  }
  std::printf("%d games (%d bags%s, seed %llu, lexicon %s)\n", r->games, m.deals,
              m.rotate ? ", each player first once" : "", static_cast<unsigned long long>(mo.seed),
              mo.lexicon.c_str());
  std::printf("%-3s %-22s %7s %17s %18s %12s\n", "#", "player", "wins", "win rate (95%)",
              "spread (95%)", "median ms");
  for (int p = 0; p < 2; ++p) {
    const scrabble::PlayerResult& pr = r->players[static_cast<size_t>(p)];
    std::printf("%-3d %-22s %7.1f %8.1f%% ±%5.1f %+9.2f ±%6.2f %12.3f\n", p + 1, pr.name.c_str(),
                pr.wins, 100 * pr.WinRate(), 100 * pr.WinRateHalfWidth(), pr.MeanSpread(),
                pr.SpreadHalfWidth(), pr.median_move_ms);
  }
  return 0;
}

}  // namespace

int RunMatch(const CommandOptions& o, const MatchFlags& m) {
  if (o.game != "bigtwo" && o.game != "tarok" && o.game != "scrabble") {
    return Fail(absl::InvalidArgumentError(absl::StrCat(
        "--game: the match harness plays bigtwo, tarok or scrabble, got '", o.game, "'")));
  }
  if (m.deals < 1 || m.deals > 1000000) {
    return Fail(absl::InvalidArgumentError(
        absl::StrCat("--deals: must be from 1 to 1000000, got ", m.deals)));
  }
  if (o.game == "tarok") return RunTarokMatch(o, m);
  if (o.game == "scrabble") return RunScrabbleMatch(o, m);
  absl::StatusOr<bigtwo::Rules> rules =
      bigtwo::RulesFromOptions(o.variant, PositionOptions(o), "--position-option");
  if (!rules.ok()) return Fail(rules.status());
  bigtwo::MatchOptions mo;
  mo.rules = *rules;
  Schedule(o, m, mo);
  std::vector<std::string> names = absl::StrSplit(m.players, ',');
  for (size_t i = 0; i < names.size(); ++i) {
    absl::StatusOr<bigtwo::PlayerOptions> p =
        bigtwo::ParsePlayer(names[i], absl::StrCat("--players[", i, "]"));
    if (!p.ok()) return Fail(p.status());
    p->seed = i;
    mo.players.push_back(*p);
  }
  absl::StatusOr<bigtwo::MatchResult> r = bigtwo::PlayMatch(
      mo, [&](int done, int total) { Progress<bigtwo::MatchOptions>(o, done, total); });
  if (!r.ok()) return Fail(r.status());
  return Print(o, m, *r, mo.seed);
}

}  // namespace kibitzer::cli
