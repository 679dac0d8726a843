// DoubleDummySolver: exact double-dummy values of bridge positions (all four hands known).
//
// Alpha-beta over the tricks North-South take, asked as zero-window questions ("can NS take at
// least t more tricks?") and narrowed by binary search. What makes it fast:
// - a transposition table at trick boundaries, keyed on the remaining cards, the leader and the
//   strain, holding lower and upper bounds of the tricks still to come, so one entry serves every
//   window and every target; it is kept across solves of the same deal;
// - quick tricks: top winners the side on lead can cash at once bound the value before searching;
// - equivalent cards: cards of one hand and suit with no live card between them are searched once;
// - move ordering: the table's best lead first, then winners and cheap plays by position in trick.
// Allocation happens only at construction (the table). One solver per thread; many solvers may run
// at once in one process (nothing is shared).
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "engine/core/search_control.h"
#include "engine/games/bridge/play.h"

namespace kibitzer::bridge {

class DoubleDummySolver {
 public:
  struct Options {
    int table_megabytes = 32;
  };
  explicit DoubleDummySolver(Options options);
  DoubleDummySolver() : DoubleDummySolver(Options{}) {}
  ~DoubleDummySolver();

  // Tricks the side to move takes from here on, the current trick included, with best play by
  // all four hands. `control` (optional) may stop the search: then aborted() is true and the
  // result is meaningless.
  int Solve(const PlayPosition& position, core::SearchControl* control = nullptr);

  // The value (as in Solve, for the side to move) of playing `card` now.
  int SolveCard(const PlayPosition& position, int card, core::SearchControl* control = nullptr);

  // The value of every legal card, suit by suit from the top; equivalent cards are solved once.
  std::vector<std::pair<int, int>> SolveCards(const PlayPosition& position,
                                              core::SearchControl* control = nullptr);

  // The legal cards of the side to move in groups of equal value: same suit, adjacent once the
  // cards already played are removed (cards on the table still count). Highest group first.
  static std::vector<std::vector<int>> CardGroups(const PlayPosition& position);

  // Forget everything learned (another deal); keeping it across positions of one deal helps.
  void ClearTable();
  uint64_t nodes() const { return nodes_; }
  bool aborted() const { return aborted_; }
  uint64_t table_probes() const { return probes_; }
  uint64_t table_hits() const { return hits_; }

 private:
  struct Entry;
  void Load(const PlayPosition& position);
  int SolveLoaded();  // NS tricks from here, as absolute count in this search
  int Search(int alpha, int beta);
  int GenerateMoves(int seat, int* moves) const;
  int QuickTricks(int leader) const;
  uint64_t Key() const;
  // A card as the table stores it (rank counted from the top of the live cards) and back.
  int ToRelative(int card) const;
  int FromRelative(int relative_card) const;
  Entry* Probe(uint64_t key);
  void Store(uint64_t key, int lower, int upper, int best_card, int tricks_left);

  std::unique_ptr<Entry[]> table_;
  size_t table_mask_ = 0;
  core::SearchControl* control_ = nullptr;
  uint64_t nodes_ = 0;
  uint64_t probes_ = 0;
  uint64_t hits_ = 0;
  bool aborted_ = false;

  // The position being searched.
  uint64_t hands_[4] = {};
  int trump_ = kNoTrump;
  int leader_ = 0;
  int table_count_ = 0;
  int table_cards_[4] = {};
  int ns_tricks_ = 0;  // NS tricks won since the search root
};

}  // namespace kibitzer::bridge
