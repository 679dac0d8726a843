// The exact tarok solver's transposition table, in the manner of partition search.
//
// Positions are seen rank-relatively: in each run of one-point cards told apart only by order
// (taroks II..XX, each suit's four pips) a hand's cards are mapped onto the run's lowest bits in
// their order among the run's cards still held. The other cards (trula, court cards) keep their
// place. An entry holds bounds on the scored player's points from a trick start on, and serves
// every position with the same leader, the same cards outside the runs, as many cards per hand
// and run, and the same holders of the run cards that mattered: in each run the cards from the
// lowest one whose rank decided a trick upwards (its region). Below that, which hand holds which
// card of the run made no difference to any trick, and every such card counts one point.
//
// Entries live in sets of four chosen by a hash of everything but the run cards' order; a new
// entry replaces a stale one, else the oldest of its set. (Keeping the entries with the most
// cards left, the costliest to search again, filled each set with three old deep entries and left
// one place for all the rest: with a table too small for the search, 2.3 times the nodes.) Clear
// is O(1): entries carry the epoch they were written in.
//
// A table may be shared by the solvers of several threads (SetShared): each set then has a spin
// lock, held while the set is read or written, so that every entry is seen whole. Clear is not
// for a shared table while anyone searches.
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/large_array.h"
#include "engine/games/tarok/rules/cards.h"

namespace kibitzer::tarok {

constexpr Mask kRuns = kTarokRun | SuitPips(0) | SuitPips(1) | SuitPips(2) | SuitPips(3);

// A trick-start position in the rank-relative view. With four players the three masks are not
// hands but the holders' numbers in two bits and the cards held: players 1 and 3, players 2 and
// 3, everyone's (which tells every card's holder as well).
struct TableKey {
  std::array<Mask, 3> hands{};  // rank-relative (see above)
  Mask held = 0;                // the run cards still held by anyone (actual cards)
  uint64_t counts = 0;          // per hand: 5 bits for its taroks II..XX, 3 per suit's pips
  uint64_t hash = 0;
  uint8_t meta = 0;  // leader, remainder and scored player, as the solver sets it
};

// The key of the `players` hands at a trick start with `meta`, written into `*k` (the search's
// own key, so that no copy of it is read back in pieces) or returned.
void MakeTableKey(const std::array<Mask, 4>& hands, int players, uint8_t meta, TableKey* k);
inline TableKey MakeTableKey(const std::array<Mask, 4>& hands, int players, uint8_t meta) {
  TableKey k;
  MakeTableKey(hands, players, meta, &k);
  return k;
}
// Three players' hands.
inline TableKey MakeTableKey(const std::array<Mask, 3>& hands, uint8_t meta) {
  return MakeTableKey({hands[0], hands[1], hands[2], 0}, 3, meta);
}
// The actual run cards of a region given rank-relatively for the position of `key`, and back.
Mask RegionCards(const TableKey& key, Mask region);
Mask RelativeRegion(const TableKey& key, Mask cards);

constexpr int8_t kNoLower = -128;
constexpr int8_t kNoUpper = 127;

struct TableEntry {
  Mask key[3];  // the hands on the cards outside the runs and on the region
  Mask region;  // rank-relative run cards that must match
  uint64_t counts;
  uint8_t meta;
  uint8_t epoch;
  int8_t lower;  // bounds on the points from here on; kNoLower / kNoUpper: none
  int8_t upper;
  int8_t best;  // the mover's best card: group * 16 + place from the top; -1 none
  // In a set's first entry only: which of the set's entries a new one replaces next when none
  // is stale (each in turn, so the oldest goes), and the set's lock when the table is shared.
  uint8_t set_next;
  uint8_t set_lock;
};
static_assert(sizeof(TableEntry) == 48);

// What Find reports of the entry it found.
struct TableHit {
  Mask region = 0;  // rank-relative run cards that matched
  int lower = kNoLower;
  int upper = kNoUpper;
};

class SolverTable {
 public:
  explicit SolverTable(int log2_entries);
  // The memory a table of 2^log2_entries entries takes.
  static size_t Bytes(int log2_entries);
  ~SolverTable();
  SolverTable(const SolverTable&) = delete;
  SolverTable& operator=(const SolverTable&) = delete;

  void Clear();
  // Whether solvers on other threads use the table at the same time (see above).
  void SetShared(bool shared) { shared_ = shared; }

  // Starts loading the set of `key` into the cache (its three lines).
  void Prefetch(const TableKey& key) const {
    const char* set = reinterpret_cast<const char*>(&sets_[key.hash & set_mask_]);
    static_assert(sizeof(Set) == 192);
    __builtin_prefetch(set);
    __builtin_prefetch(set + 64);
    __builtin_prefetch(set + 128);
  }
  // Whether a matching entry's bounds decide a search with window (alpha, beta), points
  // relative to the trick start; `*hit` gets that entry's region and bounds, and `*best` a
  // matching entry's best card if any.
  bool Find(const TableKey& key, int alpha, int beta, TableHit* hit, int* best) const;
  // Records bounds for every position matching `key` on `region` (rank-relative).
  void Store(const TableKey& key, Mask region, int lower, int upper, int best);

 private:
  static constexpr int kWays = 4;
  struct alignas(64) Set {
    TableEntry entries[kWays];
  };
  bool Matches(const TableEntry& e, const TableKey& key) const;
  // Holds a set's lock (when shared) for its lifetime.
  class Locked;

  core::LargeArray<Set> sets_;
  uint64_t set_mask_ = 0;
  uint8_t epoch_ = 1;
  bool shared_ = false;
};

}  // namespace kibitzer::tarok
