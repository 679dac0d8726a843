#include "engine/games/bridge/dd/dd_table.h"

#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "engine/games/bridge/rules/scoring.h"

namespace kibitzer::bridge {

void SolveStrain(DoubleDummySolver& solver, const Hands& deal, int strain, DdTable& table,
                 core::SearchControl* control) {
  // Entries hold for one strain only: those of another strain would just crowd the table.
  solver.ClearTable();
  // North-South's tricks with each opening leader; one result is a good guess for the next.
  int guess = -1;
  for (int leader : {kEast, kWest, kSouth, kNorth}) {
    PlayPosition p;
    p.hands = deal;
    p.trump = strain;
    p.leader = leader;
    const int left = p.TricksLeft();
    const int mine = solver.Solve(p, control,
                                  guess < 0              ? -1
                                  : IsNorthSouth(leader) ? guess
                                                         : left - guess);
    if (solver.aborted()) return;
    const int ns = IsNorthSouth(leader) ? mine : left - mine;
    guess = ns;
    const int declarer = (leader + 3) & 3;
    table.tricks[strain][declarer] = IsNorthSouth(declarer) ? ns : left - ns;
  }
}

DdTable SolveTable(DoubleDummySolver& solver, const Hands& deal, core::SearchControl* control) {
  DdTable table;
  for (int strain = 0; strain < 5; ++strain) {
    SolveStrain(solver, deal, strain, table, control);
    if (solver.aborted()) break;
  }
  return table;
}

bool IsVulnerable(Vulnerability v, int seat) {
  switch (v) {
    case Vulnerability::kNone:
      return false;
    case Vulnerability::kNorthSouth:
      return IsNorthSouth(seat);
    case Vulnerability::kEastWest:
      return !IsNorthSouth(seat);
    case Vulnerability::kBoth:
      return true;
  }
  return false;
}

std::optional<Vulnerability> ParseVulnerability(absl::string_view text) {
  const std::string t = absl::AsciiStrToLower(absl::StripAsciiWhitespace(text));
  if (t == "none" || t == "love" || t == "-") return Vulnerability::kNone;
  if (t == "ns") return Vulnerability::kNorthSouth;
  if (t == "ew") return Vulnerability::kEastWest;
  if (t == "all" || t == "both") return Vulnerability::kBoth;
  return std::nullopt;
}

std::string VulnerabilityName(Vulnerability v) {
  switch (v) {
    case Vulnerability::kNone:
      return "None";
    case Vulnerability::kNorthSouth:
      return "NS";
    case Vulnerability::kEastWest:
      return "EW";
    case Vulnerability::kBoth:
      return "All";
  }
  return "None";
}

namespace {

constexpr int kBids = kBidCount;
constexpr int LevelOf(int bid) { return BidLevel(bid); }
constexpr int StrainOf(int bid) { return BidStrain(bid); }

// The auction as a game of perfect information between the two sides, player by player from the
// dealer: each player passes or bids higher (and declares what he bids); three passes after a bid
// end it, four passes at the start pass the deal out. A contract that fails is doubled. Values
// are North-South's score.
class ParGame {
 public:
  ParGame(const DdTable& table, int dealer, Vulnerability v) : table_(table), dealer_(dealer) {
    for (int b = 0; b < kBids; ++b) {
      for (int p = 0; p < 4; ++p) score_[b][p] = FinalScore(b, p, v);
    }
    for (auto& a : memo_) {
      for (auto& b : a) {
        for (auto& c : b) {
          for (int& d : c) d = kUnknown;
        }
      }
    }
  }

  int Value() { return Solve(-1, 0, dealer_, 0); }
  int Tricks(int bid, int player) const { return table_.tricks[StrainOf(bid)][player]; }
  int Score(int bid, int player) const { return score_[bid][player]; }

 private:
  static constexpr int kUnknown = 1 << 30;

  int FinalScore(int bid, int player, Vulnerability v) const {
    const int tricks = Tricks(bid, player);
    Contract c{LevelOf(bid), StrainOf(bid), 0};
    if (tricks < c.level + 6) c.doubled = 1;
    const int score = DuplicateScore(c, IsVulnerable(v, player), tricks);
    return IsNorthSouth(player) ? score : -score;
  }

  // North-South's score with best play from here: the last bid (-1: none) and its declarer, the
  // player to act, and the passes since the last bid.
  int Solve(int bid, int declarer, int to_act, int passes) {
    if (bid >= 0 && passes == 3) return score_[bid][declarer];
    if (bid < 0 && passes == 4) return 0;
    int& memo = memo_[bid + 1][declarer][to_act][passes];
    if (memo != kUnknown) return memo;
    const bool ns = IsNorthSouth(to_act);
    const int next = NextSeat(to_act);
    int best = Solve(bid, declarer, next, passes + 1);
    for (int b = bid + 1; b < kBids; ++b) {
      const int v = Solve(b, to_act, next, 0);
      best = ns ? std::max(best, v) : std::min(best, v);
    }
    memo = best;
    return best;
  }

  const DdTable& table_;
  int dealer_;
  int score_[kBids][4];
  int memo_[kBids + 1][4][4][5];
};

}  // namespace

namespace {

// "4H", "3N" and so on as DealerPar writes them.
std::string BidName(int bid) {
  const int strain = StrainOf(bid);
  return absl::StrCat(LevelOf(bid), std::string(1, strain == kNoTrump ? 'N' : SuitChar(strain)));
}

// The players of `side` (0: NS, 1: EW) who take `tricks` in `strain`, as "N", "S" or "NS".
std::string Declarers(const DdTable& table, int side, int strain, int tricks) {
  std::string who;
  for (int p : {side, side + 2}) {
    if (table.tricks[strain][p] == tricks) who += SeatChar(p);
  }
  return who.size() == 2 ? (side == 0 ? "NS" : "EW") : who;
}

}  // namespace

Par DealerPar(const DdTable& table, int dealer, Vulnerability vulnerability) {
  ParGame game(table, dealer, vulnerability);
  Par par;
  par.score = game.Value();
  if (par.score == 0) {
    par.contracts.push_back("pass");
    return par;
  }
  // A side's value of a bid: its better declarer's score (North-South's sign flipped for EW).
  auto side_score = [&](int bid, int side) {
    const int a = game.Score(bid, side), b = game.Score(bid, side + 2);
    return side == 0 ? std::max(a, b) : std::max(-a, -b);
  };
  auto best_tricks = [&](int bid, int side) {
    return std::max(game.Tricks(bid, side), game.Tricks(bid, side + 2));
  };
  const int winner = par.score > 0 ? 0 : 1;  // the side the par score favours
  const int value = par.score > 0 ? par.score : -par.score;

  // Contracts the winning side makes for exactly the par score, each at the lowest level in its
  // strain above which the other side has nothing better (no making contract, no cheaper save).
  // DDS lists them by tricks taken, most first, then in the order S H D C N.
  std::vector<std::pair<int, std::string>> making;
  for (int strain : {kSpades, kHearts, kDiamonds, kClubs, kNoTrump}) {
    for (int bid = 0; bid < kBids; ++bid) {
      if (StrainOf(bid) != strain || side_score(bid, winner) != value) continue;
      const int tricks = best_tricks(bid, winner);
      if (tricks < LevelOf(bid) + 6) continue;
      bool stands = true;
      for (int above = bid + 1; above < kBids && stands; ++above) {
        stands = side_score(above, 1 - winner) <= -value;
      }
      if (!stands) continue;
      const int over = tricks - LevelOf(bid) - 6;
      making.emplace_back(tricks,
                          absl::StrCat(BidName(bid), "-", Declarers(table, winner, strain, tricks),
                                       over > 0 ? absl::StrCat("+", over) : ""));
      break;
    }
  }
  std::stable_sort(making.begin(), making.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<std::string> listed;
  for (auto& m : making) listed.push_back(std::move(m.second));
  if (listed.empty()) {
    // Saves by the other side, costing exactly the par score: each at the lowest level in its
    // strain that outbids every contract the winners make for more than that.
    const int loser = 1 - winner;
    int floor = -1;
    for (int bid = 0; bid < kBids; ++bid) {
      if (side_score(bid, winner) > value && best_tricks(bid, winner) >= LevelOf(bid) + 6) {
        floor = bid;
      }
    }
    for (int order = 0; order < 5; ++order) {
      for (int bid = floor + 1; bid < kBids; ++bid) {
        if (bid % 5 != order || side_score(bid, loser) != -value) continue;
        const int tricks = best_tricks(bid, loser);
        listed.push_back(absl::StrCat(BidName(bid), "*-",
                                      Declarers(table, loser, StrainOf(bid), tricks), "-",
                                      LevelOf(bid) + 6 - tricks));
        break;
      }
    }
  }
  par.contracts = listed;
  return par;
}

}  // namespace kibitzer::bridge
