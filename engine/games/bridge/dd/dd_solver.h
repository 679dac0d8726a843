// DoubleDummySolver: exact double-dummy values of bridge positions (all four hands known).
//
// Zero-window searches ("can North-South take t more tricks?") driven to the exact value from a
// first guess, as DDS does (see Haglund and Hein, "Search Algorithms for a Bridge Double Dummy
// Solver"). What makes it fast:
// - a partition-search transposition table (dd_table_store.h): at each trick boundary the search
//   backs up the cards that won tricks by rank, and the bound it proves is stored for every
//   position in which the same hands hold those cards, compared by relative rank;
// - quick tricks of the side on lead (its own, partner's after an entry, long cards, partner's
//   ruff), sure later tricks of the other side and the second hand's sure tricks bound the value
//   before any card is searched (dd_bounds.cc);
// - equivalent cards (adjacent once played cards are gone) are searched once, and so are small
//   cards shown not to matter;
// - move ordering by the weights of DDS 2.9: at a lead its rules for winners, suits where the
//   opponents have few choices, the table's best card and the last cutoff card; later in the
//   trick its rules per seat, suit followed or not, trumps or not (dd_follow_weights.cc).
// Nothing is allocated after construction. One solver per thread; many solvers may run at once
// (nothing is shared). The table may be kept across positions and deals: its entries hold for any
// deal.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "engine/core/search_control.h"
#include "engine/games/bridge/dd/dd_follow_weights.h"
#include "engine/games/bridge/dd/dd_table_store.h"
#include "engine/games/bridge/rules/play.h"

namespace kibitzer::bridge {

class DoubleDummySolver {
 public:
  struct Options {
    int table_megabytes = 64;
  };
  explicit DoubleDummySolver(Options options);
  // The memory the table of a solver with `table_megabytes` takes.
  static size_t TableBytes(int table_megabytes);
  DoubleDummySolver() : DoubleDummySolver(Options{}) {}
  ~DoubleDummySolver();

  // Tricks the side to move takes from here on, the current trick included, with best play by
  // all four hands. `control` (optional) may stop the search: then aborted() is true and the
  // result is meaningless.
  // `guess` (optional) is a first guess of the answer; a good one saves searches. Without one,
  // the side's high cards and trumps give it (as in SolveCards).
  int Solve(const PlayPosition& position, core::SearchControl* control = nullptr, int guess = -1);

  // The value (as in Solve, for the side to move) of playing `card` now.
  int SolveCard(const PlayPosition& position, int card, core::SearchControl* control = nullptr,
                int guess = -1);
  // Whether playing `card` now gives the side to move at least `target` tricks (as in Solve):
  // one search. After an abort the answer is meaningless.
  bool CardReaches(const PlayPosition& position, int card, int target,
                   core::SearchControl* control = nullptr);
  // What the last Solve or SolveCard proved of its value (for the side to move) with the searches
  // it finished: lower <= value <= upper, equal when it finished; after an abort, what was known
  // by then.
  struct Bounds {
    int lower = 0;
    int upper = 0;
  };
  Bounds proven() const { return proven_; }

  // The value of every legal card among `cards` (default: all), in suit order, highest first;
  // found as DDS does: the best card left, then the next best from its value down, so that one
  // failed search bounds every card left, and equivalent cards are solved once. On abort the list
  // is cut short.
  // `guess` (optional): where the value of the best card probably lies (for the side to move).
  std::vector<std::pair<int, int>> SolveCards(const PlayPosition& position,
                                              core::SearchControl* control = nullptr,
                                              uint64_t cards = ~uint64_t{0}, int guess = -1);

  // The legal cards in the order the root's move ordering tries them (DDS 2.9's weights, highest
  // first), equal weights by suit (spades first) and then from the lowest card up: the order in
  // which DDS's SolveBoard, finding the cards of one value one search at a time, lists them.
  std::vector<int> RootOrder(const PlayPosition& position);

  // The legal cards of the side to move in groups of equal value: same suit, adjacent once the
  // cards already played are removed (cards on the table still count). Highest group first.
  static std::vector<std::vector<int>> CardGroups(const PlayPosition& position);

  // Forget everything learned (another deal); keeping it across positions of one deal helps.
  void ClearTable();
  // ClearTable unless `position` may be of the deal the table was learned on: each of its cards
  // (in the hands and on the table) held by the seat that held it in the positions seen since.
  // For callers handed positions one by one (DDS's SolveBoard): a new deal's search then neither
  // depends on the deals before it nor shares the table with their entries.
  void ClearTableForNewDeal(const PlayPosition& position);
  // Counts nodes from zero again (one search's own count, for its node limit).
  void ResetNodes() {
    nodes_ = 0;
    trick_nodes_ = 0;
  }
  uint64_t nodes() const { return nodes_; }
  // Nodes at the start of a trick (what DDS counts as its nodes).
  uint64_t trick_nodes() const { return trick_nodes_; }
  bool aborted() const { return aborted_; }
  uint64_t table_probes() const { return table_.probes(); }
  uint64_t table_hits() const { return table_.hits(); }

 private:
  using Move = dd::WeightedCard;
  void Load(const PlayPosition& position);
  // North-South tricks from here (the loaded position), within known bounds (upper -1: none):
  // lower == upper, or after an abort the bounds its finished searches proved.
  Bounds SolveLoaded(int guess, int known_lower = 0, int known_upper = -1);
  bool Search(int target, uint64_t& relevant);
  // Whether the side to move at the (loaded) root takes `mover_target` of the `left` tricks with
  // one of the root cards in root_allowed_; root_best_ gets the group of that card.
  bool RootReaches(int mover_target, bool mover_ns, int left);
  bool LastTrick(int target, uint64_t& relevant);
  int QuickTricks(int leader, int needed, uint64_t& relevant) const;
  int LaterTricks(uint64_t& relevant) const;
  // Tricks the second hand's side surely takes, this one first (0: not even this one).
  int SecondHandTricks(uint64_t& relevant) const;
  // `w`: the place in the trick of the card winning it so far.
  bool FourthHandCanWin(int seat, int w, uint64_t& relevant) const;
  int GenerateMoves(int seat, Move* moves, int hint, int killer) const;
  // GenerateMoves for the fourth hand of a trick (`seat`) when it follows suit; `high`: the place
  // in the trick of the card winning it so far.
  int FourthHandFollows(int seat, int high, Move* moves) const;
  void StoreResult(const dd::TableQuery& query, uint64_t live, bool result, int target,
                   uint64_t relevant, int best_card);

  dd::PartitionTable table_;
  core::SearchControl* control_ = nullptr;
  uint64_t nodes_ = 0;
  uint64_t trick_nodes_ = 0;
  bool aborted_ = false;
  Bounds proven_;

  // The position being searched.
  uint64_t hands_[4] = {};
  int trump_ = kNoTrump;
  int leader_ = 0;
  int table_count_ = 0;
  int table_cards_[4] = {};
  int ns_tricks_ = 0;  // NS tricks won since the search root
  int ply_ = 0;        // cards played since the search root
  Move moves_[53][13];
  int killers_[53] = {};
  // The seat that held each card in the positions since the table was cleared (-1: not seen).
  std::array<int8_t, 64> holders_{};
  uint64_t root_allowed_ = ~uint64_t{0};  // the root cards a search may play
  uint64_t root_best_ = 0;                // the group of the root card that reached the target
  uint64_t root_failed_ = 0;              // the root cards searched that fell short of it
};

}  // namespace kibitzer::bridge
