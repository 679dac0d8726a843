// kibitz match: the bridge, Big Two, tarok and Scrabble match harnesses, run in this process (no
// server).
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "clients/cli/json_quote.h"
#include "clients/cli/lab/lab.h"
#include "clients/cli/lab/scrabble_run.h"
#include "engine/games/bigtwo/match.h"
#include "engine/games/bigtwo/rules/rules_options.h"
#include "engine/games/bridge/match.h"
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

// The deals a result of `games` games holds, `per_deal` games a deal; the heading's words for
// them: "500 bags" or, before the end, "the first 100 of 500 bags".
int DealsOf(const MatchFlags& m, int games, int per_deal) {
  return m.rotate ? games / per_deal : games;
}
std::string DealsWords(const MatchFlags& m, int deals, const char* noun) {
  std::string words = deals == m.deals
                          ? absl::StrCat(deals, " ", noun)
                          : absl::StrCat("the first ", deals, " of ", m.deals, " ", noun);
  if (m.first_deal > 0) absl::StrAppend(&words, " from number ", m.first_deal);
  return words;
}

// Prints a match result of either game (the same fields), `per_deal` games a deal.
template <typename Result>
void Print(const CommandOptions& o, const MatchFlags& m, const Result& r, uint64_t seed,
           int per_deal) {
  const int n = static_cast<int>(r.players.size());
  const int deals = DealsOf(m, r.games, per_deal);
  if (o.json) {
    std::printf("{\"games\":%d,\"deals\":%d,\"players\":[", r.games, deals);
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
    return;
  }
  std::printf("%d games (%s%s, seed %llu)\n", r.games, DealsWords(m, deals, "deals").c_str(),
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
}

// A game played, as a line of --records.
std::string RecordLine(const std::string& game, const core::GameLog& g) {
  const auto strings = [](const std::vector<std::string>& v) {
    std::vector<std::string> quoted;
    for (const std::string& s : v) quoted.push_back(JsonQuoted(s));
    return absl::StrCat("[", absl::StrJoin(quoted, ","), "]");
  };
  std::vector<std::string> options;
  for (const auto& [name, value] : g.options) {
    options.push_back(absl::StrCat(JsonQuoted(name), ":", JsonQuoted(value)));
  }
  std::string line = absl::StrCat(
      "{\"game\":", JsonQuoted(game), ",\"index\":", g.game, ",\"deal\":", g.deal,
      ",\"variant\":", JsonQuoted(g.variant), ",\"options\":{", absl::StrJoin(options, ","),
      "},\"players\":", strings(g.players), ",\"notation\":", JsonQuoted(g.notation),
      ",\"moves\":", strings(g.moves), ",\"scores\":[", absl::StrJoin(g.scores, ","), "]");
  if (!g.values.empty()) {
    std::vector<std::string> values;
    for (const std::optional<double>& v : g.values) {
      values.push_back(v ? absl::StrFormat("%.6g", *v) : "null");
    }
    absl::StrAppend(&line, ",\"values\":[", absl::StrJoin(values, ","), "]");
  }
  if (!g.record.empty()) absl::StrAppend(&line, ",\"record\":", JsonQuoted(g.record));
  return line + "}\n";
}

// --records: the games in game order, each written (and flushed) as soon as the games before it
// are done, so that a stopped run keeps what it played.
class Records {
 public:
  ~Records() {
    if (file_ != nullptr) std::fclose(file_);
  }
  absl::Status Open(const std::string& path, const std::string& game) {
    game_ = game;
    if (path.empty()) return absl::OkStatus();
    file_ = std::fopen(path.c_str(), "w");
    if (file_ == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat("--records: cannot write ", path, ": ", std::strerror(errno)));
    }
    return absl::OkStatus();
  }
  // Empty when no file was named.
  std::function<void(const core::GameLog&)> Sink() {
    if (file_ == nullptr) return {};
    return [this](const core::GameLog& g) {
      const std::string line = RecordLine(game_, g);
      std::fwrite(line.data(), 1, line.size(), file_);
      std::fflush(file_);
    };
  }

 private:
  std::string game_;
  std::FILE* file_ = nullptr;
};

// The flags every match harness takes: deals, seed, rotation (where seats rotate: a bridge team
// match always plays both tables), threads, records.
template <typename Options>
void Schedule(const CommandOptions& o, const MatchFlags& m, Records& records, Options& mo) {
  core::MatchSchedule& s = mo;
  s.on_game = records.Sink();
  s.deals = m.deals;
  s.first_deal = m.first_deal;
  s.seed = o.seed;
  s.threads = o.threads > 0 ? o.threads : 1;
  s.report_every = m.report_every;
  if constexpr (requires { mo.rotate; }) mo.rotate = m.rotate;
}

// On a terminal one line redrawn; written to a file or pipe, a line for each report.
void Progress(const CommandOptions& o, int done, int total) {
  if (!o.json && (done % 100 == 0 || done == total)) {
    static const bool terminal = isatty(STDERR_FILENO) != 0;
    std::fprintf(stderr, terminal ? "\r%d/%d games" : "%d/%d games\n", done, total);
    if (terminal && done == total) std::fprintf(stderr, "\n");
  }
}

int RunTarokMatch(const CommandOptions& o, const MatchFlags& m, Records& records) {
  absl::StatusOr<tarok::Rules> rules =
      tarok::RulesFromOptions(o.variant, PositionOptions(o), "--position-option");
  if (!rules.ok()) return Fail(rules.status());
  tarok::MatchOptions mo;
  mo.rules = *rules;
  Schedule(o, m, records, mo);
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
  auto print = [&](const tarok::MatchResult& r) {
    Print(o, m, r, mo.seed, static_cast<int>(mo.players.size()));
    if (!o.json) {
      for (size_t p = 0; p < r.players.size(); ++p) {
        const tarok::PlayerResult& pr = r.players[p];
        std::printf("  player %zu declared %d games, made %d\n", p + 1, pr.declared, pr.made);
      }
    }
    std::fflush(stdout);
  };
  absl::StatusOr<tarok::MatchResult> r = tarok::PlayMatch(
      mo, [&](int done, int total) { Progress(o, done, total); }, print);
  if (!r.ok()) return Fail(r.status());
  print(*r);
  return 0;
}

// Prints a Scrabble match result.
void PrintScrabble(const CommandOptions& o, const MatchFlags& m, const scrabble::MatchOptions& mo,
                   const scrabble::MatchResult& r) {
  if (o.json) {
    std::printf("{\"games\":%d,\"deals\":%d,\"players\":[", r.games, DealsOf(m, r.games, 2));
    for (int p = 0; p < 2; ++p) {
      const scrabble::PlayerResult& pr = r.players[static_cast<size_t>(p)];
      std::printf(
          "%s{\"player\":\"%s\",\"wins\":%.1f,\"win_rate\":%.4f,\"win_rate_ci95\":%.4f,"
          "\"mean_spread\":%.4f,\"mean_spread_ci95\":%.4f,\"median_move_ms\":%.3f,"
          "\"p95_move_ms\":%.3f,\"max_move_ms\":%.3f,\"moves\":%llu,\"nodes\":%llu}",
          p ? "," : "", pr.name.c_str(), pr.wins, pr.WinRate(), pr.WinRateHalfWidth(),
          pr.MeanSpread(), pr.SpreadHalfWidth(), pr.median_move_ms, pr.p95_move_ms, pr.max_move_ms,
          static_cast<unsigned long long>(pr.moves), static_cast<unsigned long long>(pr.nodes));
    }
    std::printf("]}\n");
    std::fflush(stdout);
    return;
  }
  std::printf("%d games (%s%s, seed %llu, lexicon %s)\n", r.games,
              DealsWords(m, DealsOf(m, r.games, 2), "bags").c_str(),
              m.rotate ? ", each player first once" : "", static_cast<unsigned long long>(mo.seed),
              mo.lexicon.c_str());
  // The player column as wide as the longer name (a sim player's name holds its settings).
  const int width =
      static_cast<int>(std::max<size_t>({22, r.players[0].name.size(), r.players[1].name.size()}));
  std::printf("%-3s %-*s %7s %17s %18s %12s %10s %10s\n", "#", width, "player", "wins",
              "win rate (95%)", "spread (95%)", "median ms", "p95 ms", "max ms");
  for (int p = 0; p < 2; ++p) {
    const scrabble::PlayerResult& pr = r.players[static_cast<size_t>(p)];
    std::printf("%-3d %-*s %7.1f %8.1f%% ±%5.1f %+9.2f ±%6.2f %12.3f %10.1f %10.1f\n", p + 1, width,
                pr.name.c_str(), pr.wins, 100 * pr.WinRate(), 100 * pr.WinRateHalfWidth(),
                pr.MeanSpread(), pr.SpreadHalfWidth(), pr.median_move_ms, pr.p95_move_ms,
                pr.max_move_ms);
  }
  std::fflush(stdout);
}

int RunScrabbleMatch(const CommandOptions& o, const MatchFlags& m, Records& records) {
  absl::StatusOr<ScrabbleRun> run = MakeScrabbleRun(o);
  if (!run.ok()) return Fail(run.status());
  scrabble::MatchOptions mo;
  mo.rules = run->rules;
  mo.kwg = run->kwg;
  mo.leaves = run->leaves;
  mo.lexicon = run->lexicon;
  Schedule(o, m, records, mo);
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
      mo, [&](int done, int total) { Progress(o, done, total); },
      [&](const scrabble::MatchResult& partial) { PrintScrabble(o, m, mo, partial); });
  if (!r.ok()) return Fail(r.status());
  PrintScrabble(o, m, mo, *r);
  return 0;
}

int RunBridgeMatch(const CommandOptions& o, const MatchFlags& m, Records& records) {
  bridge::MatchOptions mo;
  Schedule(o, m, records, mo);
  const std::string players =
      m.players == "baseline,baseline,baseline,baseline" ? "mc,dd" : m.players;
  std::vector<std::string> names = absl::StrSplit(players, ',');
  if (names.size() != 2) {
    return Fail(absl::InvalidArgumentError(absl::StrCat(
        "--players: a bridge match is between two teams, got ", names.size(), " players")));
  }
  for (size_t i = 0; i < 2; ++i) {
    absl::StatusOr<bridge::PlayerOptions> p =
        bridge::ParsePlayer(names[i], absl::StrCat("--players[", i, "]"));
    if (!p.ok()) return Fail(p.status());
    p->seed = i;
    mo.players[i] = *p;
  }
  auto print = [&](const bridge::MatchResult& r) {
    Print(o, m, r, mo.seed, 1);
    if (!o.json) std::printf("  (points are IMPs a deal; wins are deals won)\n");
    std::fflush(stdout);
  };
  absl::StatusOr<bridge::MatchResult> r = bridge::PlayMatch(
      mo, [&](int done, int total) { Progress(o, done, total); }, print);
  if (!r.ok()) return Fail(r.status());
  print(*r);
  return 0;
}

}  // namespace

std::string MatchPlayersHelp() {
  return absl::StrCat("  bridge players (--players=A,B): ", bridge::PlayerHelp(),
                      "\n  tarok players (A,B,C): ", tarok::PlayerHelp(),
                      "\n  Big Two players (A,B,C[,D]): ", bigtwo::PlayerHelp(),
                      "\n  Scrabble players (A,B): ", scrabble::PlayerHelp(),
                      "\n  any setting also by name, as NAME=VALUE: mc:samples=20:bid_samples=64,\n"
                      "  sim:toend:late=5, sim:nodes=5000000\n");
}

int RunMatch(const CommandOptions& o, const MatchFlags& m) {
  if (o.game != "bigtwo" && o.game != "tarok" && o.game != "scrabble" && o.game != "bridge") {
    return Fail(absl::InvalidArgumentError(absl::StrCat(
        "--game: the match harness plays bridge, bigtwo, tarok or scrabble, got '", o.game, "'")));
  }
  if (m.deals < 1 || m.deals > 1000000) {
    return Fail(absl::InvalidArgumentError(
        absl::StrCat("--deals: must be from 1 to 1000000, got ", m.deals)));
  }
  if (m.first_deal < 0 || m.first_deal > 1000000) {
    return Fail(absl::InvalidArgumentError(
        absl::StrCat("--first-deal: must be from 0 to 1000000, got ", m.first_deal)));
  }
  if (m.report_every < 0) {
    return Fail(absl::InvalidArgumentError(absl::StrCat(
        "--report-every: must be 0 (none) or a number of deals, got ", m.report_every)));
  }
  Records records;
  if (absl::Status s = records.Open(m.records, o.game); !s.ok()) return Fail(s);
  if (o.game == "tarok") return RunTarokMatch(o, m, records);
  if (o.game == "scrabble") return RunScrabbleMatch(o, m, records);
  if (o.game == "bridge") return RunBridgeMatch(o, m, records);
  absl::StatusOr<bigtwo::Rules> rules =
      bigtwo::RulesFromOptions(o.variant, PositionOptions(o), "--position-option");
  if (!rules.ok()) return Fail(rules.status());
  bigtwo::MatchOptions mo;
  mo.rules = *rules;
  Schedule(o, m, records, mo);
  std::vector<std::string> names = absl::StrSplit(m.players, ',');
  for (size_t i = 0; i < names.size(); ++i) {
    absl::StatusOr<bigtwo::PlayerOptions> p =
        bigtwo::ParsePlayer(names[i], absl::StrCat("--players[", i, "]"));
    if (!p.ok()) return Fail(p.status());
    p->seed = i;
    mo.players.push_back(*p);
  }
  auto print = [&](const bigtwo::MatchResult& r) {
    Print(o, m, r, mo.seed, mo.rules.players);
    std::fflush(stdout);
  };
  absl::StatusOr<bigtwo::MatchResult> r = bigtwo::PlayMatch(
      mo, [&](int done, int total) { Progress(o, done, total); }, print);
  if (!r.ok()) return Fail(r.status());
  print(*r);
  return 0;
}

}  // namespace kibitzer::cli
