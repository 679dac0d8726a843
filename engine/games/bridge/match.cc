#include "engine/games/bridge/match.h"

#include <chrono>
#include <cmath>
#include <memory>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/core/player_spec.h"
#include "engine/core/rng.h"
#include "engine/games/bridge/bridge_game.h"
#include "engine/games/bridge/dd/dd_solver.h"
#include "engine/games/bridge/dd/dd_table.h"
#include "engine/games/bridge/records/pbn.h"
#include "engine/games/bridge/records/record.h"
#include "engine/games/bridge/rules/scoring.h"

namespace kibitzer::bridge {
namespace {

constexpr int kTables = 2;

// Board `b` (from 1) of the usual 16-board cycle: its dealer and vulnerability.
int BoardDealer(int b) { return (b - 1) % 4; }
Vulnerability BoardVulnerability(int b) {
  static constexpr Vulnerability kCycle[16] = {
      Vulnerability::kNone,    Vulnerability::kNorthSouth, Vulnerability::kEastWest,
      Vulnerability::kBoth,    Vulnerability::kNorthSouth, Vulnerability::kEastWest,
      Vulnerability::kBoth,    Vulnerability::kNone,       Vulnerability::kEastWest,
      Vulnerability::kBoth,    Vulnerability::kNone,       Vulnerability::kNorthSouth,
      Vulnerability::kBoth,    Vulnerability::kNone,       Vulnerability::kNorthSouth,
      Vulnerability::kEastWest};
  return kCycle[(b - 1) % 16];
}

// The contract and declarer of DealerPar's first par contract ("3N-W+2", "4H*-EW-1"); for a side,
// its seat that takes more tricks in the strain. Passed out: level 0.
std::pair<Contract, int> ParContract(const DdTable& table, const Par& par) {
  Contract c;
  if (par.contracts.empty() || par.contracts[0] == "pass") return {c, kNorth};
  const std::string& text = par.contracts[0];
  c.level = text[0] - '0';
  c.strain = *ParseStrain(text.substr(1, 1));
  c.doubled = text[2] == '*' ? 1 : 0;
  const std::vector<std::string> parts = absl::StrSplit(text, '-');
  const std::string side = parts.size() > 1 ? parts[1].substr(0, 2) : "N";
  const std::optional<int> first = ParseSeat(side.substr(0, 1));
  int declarer = first.value_or(kNorth);
  if (side.size() == 2 && (side == "NS" || side == "EW")) {
    const int other = Partner(declarer);
    if (table.tricks[c.strain][other] > table.tricks[c.strain][declarer]) declarer = other;
  }
  return {c, declarer};
}

// The card `player` chooses for the side to move of `now` (declarer for dummy), with the value it
// saw for it where it has one (tricks for the side to move from here).
struct Choice {
  int card = 0;
  std::optional<double> value;
};

Choice ChooseCard(const PlayPosition& now, const Hands& deal, const Contract& contract,
                  int declarer, const std::vector<int>& played, const PlayerOptions& po,
                  uint64_t seed, DoubleDummySolver& solver, uint64_t* nodes) {
  const CardSet legal = now.LegalCards();
  std::vector<int> cards;
  for (int c = 0; c < 64; ++c) {
    if (legal.Contains(c)) cards.push_back(c);
  }
  if (cards.size() == 1) return {cards[0], std::nullopt};
  switch (po.kind) {
    case PlayerOptions::Kind::kRandom: {
      core::Rng rng(seed);
      return {cards[rng.Below(cards.size())], std::nullopt};
    }
    case PlayerOptions::Kind::kDoubleDummy: {
      const uint64_t before = solver.nodes();
      const std::vector<std::pair<int, int>> values = solver.SolveCards(now);
      *nodes += solver.nodes() - before;
      std::pair<int, int> best = values.front();
      for (const auto& v : values) {
        if (v.second > best.second) best = v;
      }
      return {best.first, static_cast<double>(best.second)};
    }
    case PlayerOptions::Kind::kMonteCarlo:
      break;
  }
  // The chooser's view of the deal so far: its own hand (and dummy's), the cards played.
  const int mover = now.ToMove();
  const int chooser = mover == Partner(declarer) ? declarer : mover;
  core::PositionSpec spec;
  spec.notation = FormatPbnDeal(deal);
  spec.options = {{"contract", FormatContract(contract)},
                  {"declarer", std::string(1, SeatChar(declarer))}};
  for (int card : played) spec.moves.push_back(CardName(card));
  spec.seat = std::string(1, SeatChar(chooser));
  absl::StatusOr<std::unique_ptr<BridgeState>> state = SetupBridge(spec);
  core::SearchSpec search;
  search.limits.samples = static_cast<uint64_t>(po.samples);
  search.seed = seed;
  search.options = {{"objective", "tricks"}};
  absl::StatusOr<std::unique_ptr<core::SearchTask>> task =
      state.ok() ? PrepareBridgeSearch(**state, search) : state.status();
  if (!task.ok()) return {cards[0], std::nullopt};
  struct Quiet final : core::ProgressSink {
    void OnProgress(const core::Report&) override {}
    void OnFinished(const core::Report&) override {}
  } quiet;
  core::StopToken token;
  core::SearchControl control(search.limits, &token);
  const core::Report report = (*task)->Run(control, quiet);
  *nodes += report.nodes;
  if (report.moves.empty()) return {cards[0], std::nullopt};
  const std::optional<int> best = ParseCard(report.moves.front().move);
  return {best.value_or(cards[0]), report.moves.front().value};
}

struct TableRecord {
  int ns_score = 0;
  std::array<std::vector<double>, 2> move_ms;  // by player
  std::array<uint64_t, 2> nodes{};
  core::GameLog log;
};

// Table `table` of deal `deal`: player (table) sits North-South, the other East-West.
TableRecord PlayTable(const MatchOptions& o, int game, int deal, int table) {
  const int board = deal + 1;
  const Hands hands = DealHands(o.seed, static_cast<uint64_t>(deal));
  const Vulnerability vul = BoardVulnerability(board);
  DoubleDummySolver solver(DoubleDummySolver::Options{.table_megabytes = 16});
  const DdTable dd = SolveTable(solver, hands);
  const auto [contract, declarer] = ParContract(dd, DealerPar(dd, BoardDealer(board), vul));
  TableRecord rec;
  GameRecord record;
  record.deal = hands;
  record.dealer = BoardDealer(board);
  record.vulnerability = vul;
  std::vector<std::optional<double>> values;
  if (!contract.passed_out()) {
    record.contract = contract;
    record.declarer = declarer;
    PlayPosition p;
    p.hands = hands;
    p.trump = contract.strain;
    p.leader = NextSeat(declarer);
    while (!p.Finished()) {
      const int player = IsNorthSouth(p.ToMove()) ? table : 1 - table;
      const PlayerOptions& po = o.players[static_cast<size_t>(player)];
      const uint64_t stream = (static_cast<uint64_t>(deal) * kTables + table) << 8 |
                              static_cast<uint64_t>(record.play.size());
      const uint64_t seed = core::Rng::ForStream(po.seed ^ o.seed, stream).Next();
      const auto t0 = std::chrono::steady_clock::now();
      const Choice choice = ChooseCard(p, hands, contract, declarer, record.play, po, seed, solver,
                                       &rec.nodes[static_cast<size_t>(player)]);
      const auto t1 = std::chrono::steady_clock::now();
      if (choice.value) {
        rec.move_ms[static_cast<size_t>(player)].push_back(
            std::chrono::duration<double, std::milli>(t1 - t0).count());
      }
      values.push_back(choice.value);
      record.play.push_back(choice.card);
      p.Play(choice.card);
    }
    const int tricks = IsNorthSouth(declarer) ? p.ns_tricks : p.ew_tricks;
    record.claim = tricks;  // the result, written as PBN's Result
    const int score = DuplicateScore(contract, IsVulnerable(vul, declarer), tricks);
    rec.ns_score = IsNorthSouth(declarer) ? score : -score;
  }
  if (o.on_game) {
    core::GameLog& log = rec.log;
    log.game = game;
    log.deal = static_cast<uint64_t>(deal);
    log.variant = "standard";
    if (record.contract) {
      log.options = {{"contract", FormatContract(contract)},
                     {"declarer", std::string(1, SeatChar(declarer))}};
    }
    log.notation = FormatPbnDeal(hands);
    for (int seat = 0; seat < 4; ++seat) {
      const int player = IsNorthSouth(seat) ? table : 1 - table;
      log.players.push_back(PlayerName(o.players[static_cast<size_t>(player)]));
    }
    for (int card : record.play) log.moves.push_back(CardName(card));
    log.values = std::move(values);
    log.scores = {rec.ns_score, -rec.ns_score, rec.ns_score, -rec.ns_score};
    log.record = absl::StrCat("[Board \"", board, "\"]\n", FormatPbnGame(record));
  }
  return rec;
}

MatchResult Summarize(const MatchOptions& o, const std::vector<TableRecord>& tables, int total) {
  const int deals = total / kTables;
  MatchResult result;
  result.games = deals;
  std::vector<std::array<int, 2>> imps(static_cast<size_t>(deals));
  for (int d = 0; d < deals; ++d) {
    const int swing = Imps(tables[static_cast<size_t>(kTables * d)].ns_score -
                           tables[static_cast<size_t>(kTables * d + 1)].ns_score);
    imps[static_cast<size_t>(d)] = {swing, -swing};
  }
  for (int p = 0; p < 2; ++p) {
    PlayerResult& r = result.players.emplace_back();
    r.name = PlayerName(o.players[static_cast<size_t>(p)]);
    double sum_sq = 0;
    std::vector<double> times;
    for (int d = 0; d < deals; ++d) {
      const int v = imps[static_cast<size_t>(d)][static_cast<size_t>(p)];
      ++r.games;
      r.wins += v > 0;
      r.points += v;
      sum_sq += static_cast<double>(v) * v;
    }
    for (int t = 0; t < kTables * deals; ++t) {
      const TableRecord& tr = tables[static_cast<size_t>(t)];
      r.nodes += tr.nodes[static_cast<size_t>(p)];
      times.insert(times.end(), tr.move_ms[static_cast<size_t>(p)].begin(),
                   tr.move_ms[static_cast<size_t>(p)].end());
    }
    r.points_sd = core::StdDev(static_cast<double>(r.points), sum_sq, r.games);
    r.moves = times.size();
    r.median_move_ms = core::Median(std::move(times));
  }
  result.differences = core::PairedDifferences(deals, 2, [&](int d, int p) {
    return static_cast<double>(imps[static_cast<size_t>(d)][static_cast<size_t>(p)]);
  });
  return result;
}

}  // namespace

const core::OptionSet<PlayerOptions>& PlayerOptionSet() {
  using O = PlayerOptions;
  static const core::OptionSet<O> kSet = core::OptionSet<O>().Int(
      "samples", &O::samples, 20, 1, 10000, "mc: layouts sampled for each card.");
  return kSet;
}

namespace {

// The player types, in Kind's order.
const std::vector<core::PlayerForm>& PlayerForms() {
  static const std::vector<core::PlayerForm> kForms = {
      {"random", {}, {}, {}, std::vector<std::string>{}},
      {"dd", {}, {}, {}, std::vector<std::string>{}},
      {"mc", {"samples"}, {}},
  };
  return kForms;
}

}  // namespace

absl::StatusOr<PlayerOptions> ParsePlayer(const std::string& text, const std::string& field) {
  using Kind = PlayerOptions::Kind;
  constexpr Kind kKinds[] = {Kind::kRandom, Kind::kDoubleDummy, Kind::kMonteCarlo};
  return core::ParsePlayer(text, PlayerForms(), kKinds, &PlayerOptions::kind, PlayerOptionSet(),
                           field);
}

std::string PlayerHelp() { return core::PlayerFormsHelp(PlayerForms()); }

std::string PlayerName(const PlayerOptions& o) {
  switch (o.kind) {
    case PlayerOptions::Kind::kRandom:
      return "random";
    case PlayerOptions::Kind::kDoubleDummy:
      return "dd";
    case PlayerOptions::Kind::kMonteCarlo:
      break;
  }
  return absl::StrCat("mc:", o.samples);
}

Hands DealHands(uint64_t seed, uint64_t index) {
  core::Rng rng = core::Rng::ForStream(seed, index);
  int deck[52];
  int n = 0;
  for (int c = 0; c < 64; ++c) {
    if (kFullDeck.Contains(c)) deck[n++] = c;
  }
  rng.Shuffle(deck, deck + 52);
  Hands hands{};
  for (int i = 0; i < 52; ++i) hands[static_cast<size_t>(i / 13)].Add(deck[i]);
  return hands;
}

absl::StatusOr<MatchResult> PlayMatch(const MatchOptions& o,
                                      const std::function<void(int, int)>& progress,
                                      const std::function<void(const MatchResult&)>& partial) {
  if (o.deals < 1) return absl::InvalidArgumentError("deals: must be at least 1");
  if (o.first_deal < 0) return absl::InvalidArgumentError("first_deal: must not be negative");
  return core::PlaySummarized(
      o.deals * kTables, o.threads, kTables * o.report_every,
      [&](int g) { return PlayTable(o, g, o.first_deal + g / kTables, g % kTables); },
      [&](const std::vector<TableRecord>& tables, int n) { return Summarize(o, tables, n); },
      progress, partial,
      [&](const TableRecord& t) {
        if (o.on_game) o.on_game(t.log);
      });
}

}  // namespace kibitzer::bridge
