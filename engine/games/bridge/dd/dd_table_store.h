// The double-dummy solver's transposition table, in the manner of partition search: an entry
// holds bounds on the tricks North-South take from a trick boundary on, and serves every position
// with the same leader, strain and suit lengths per hand in which the same hands hold the cards
// that mattered (the cards that won tricks by rank, and every live card above them in their suit).
// Cards are compared by relative rank (the k-th highest live card of a suit), so one entry
// serves positions with quite different cards.
//
// Positions are grouped by their suit-length pattern (a slot); a slot keeps up to 96 entries, in
// chunks of 8 drawn from a shared pool as it grows, overwritten in turn when full. Most patterns
// need an entry or two and a few need many, so slots are many and small. Slots live in sets of
// four; a new pattern takes over the slot with the fewest tricks left (the cheapest to search
// again) and its chunks. Clear is O(1): slots carry the epoch they were written in, and the chunks
// are handed out afresh. Memory is fixed at construction; nothing is allocated afterwards; when
// the pool runs dry, the table is cleared and goes on filling afresh.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "engine/core/large_array.h"

namespace kibitzer::bridge::dd {

struct TableQuery {
  uint64_t lengths = 0;  // 4 bits per hand and suit
  int leader = 0;
  int trump = 0;
  int tricks_left = 0;
  // Holders of the live cards in the rank-relative view (see Compress): bit 0 and bit 1 of the
  // holding seat, one plane each.
  uint64_t plane0 = 0;
  uint64_t plane1 = 0;
};

// What Find reports of the entry it found.
struct TableHit {
  uint64_t mask = 0;  // the relative cards that must match
  int lower = 0;      // bounds on North-South's tricks from here on
  int upper = 0;
};

class PartitionTable {
 public:
  explicit PartitionTable(int megabytes);
  // The memory a table of `megabytes` takes, its arrays rounded up to whole pages.
  static size_t Bytes(int megabytes);
  ~PartitionTable();

  void Clear();

  // Whether an entry matching `query` has bounds that decide whether North-South take at least
  // `need` more tricks; `*hit` gets the one resting on the fewest cards. `*hint` gets a matching
  // entry's best card (relative index) if any.
  bool Find(const TableQuery& query, int need, TableHit* hit, int* hint);

  // Records bounds for every position matching `query` on the relative cards of `mask`.
  void Store(const TableQuery& query, uint64_t mask, int lower, int upper, int best);

  uint64_t probes() const { return probes_; }
  uint64_t hits() const { return hits_; }

 private:
  static constexpr int kEntries = 96;  // per slot
  static constexpr int kChunk = 8;     // entries per chunk
  static constexpr int kWays = 4;
  static constexpr uint32_t kNoChunk = ~uint32_t{0};
  struct Slot {
    uint64_t lengths = 0;
    uint32_t first = kNoChunk;  // its first chunk; the others follow chunk_next_
    uint8_t tag = 0;            // 1 + leader * 5 + trump
    uint8_t count = 0;
    uint8_t next = 0;   // the entry to overwrite next when full
    uint8_t epoch = 0;  // in use when it is the table's epoch; 0: never used
  };
  // A set's four slot headers share one cache line.
  struct alignas(64) Set {
    Slot slots[kWays];
  };
  // Entries by field, so that one chunk's matches are found a vector at a time.
  struct alignas(64) Chunk {
    uint64_t mask[kChunk];  // the relative cards that must match
    uint64_t plane0[kChunk];
    uint64_t plane1[kChunk];
    int8_t lower[kChunk];  // bounds on North-South's tricks from here on
    int8_t upper[kChunk];
    uint8_t best[kChunk];  // 1 + relative index of the leader's best card, or 0
  };
  static int TricksLeft(const Slot& slot);
  static size_t SetCount(int megabytes);
  static size_t ChunkCount(int megabytes);
  // Bit i set: entry i of `c` matches planes `p0`, `p1` (all kChunk entries, used or not).
  static uint32_t MatchBits(const Chunk& c, uint64_t p0, uint64_t p1);
  // The slot of `query`'s pattern, or nullptr.
  Slot* FindSlot(const TableQuery& query) const;
  size_t SetIndex(const TableQuery& query) const;
  // Calls visit(chunk, valid) for each chunk of `slot` in turn, `valid` having a bit for each of
  // its entries in use, until visit returns true.
  template <class Visit>
  void ForEachChunk(const Slot& slot, Visit visit) {
    uint32_t chunk = slot.first;
    for (int left = slot.count; left > 0; left -= kChunk) {
      if (visit(chunks_[chunk], (1u << std::min(left, kChunk)) - 1)) return;
      if (left > kChunk) chunk = chunk_next_[chunk];
    }
  }
  // The chunk holding entry `index` of `slot`, added from the pool if the slot's chain is that
  // short (nullptr when the pool is empty).
  Chunk* ChunkFor(Slot& slot, int index);

  core::LargeArray<Set> sets_;
  core::LargeArray<Chunk> chunks_;
  core::LargeArray<uint32_t> chunk_next_;
  size_t set_mask_ = 0;
  uint8_t epoch_ = 1;  // Clear moves it on, so that it need not touch the slots
  uint32_t chunk_count_ = 0;
  uint32_t chunks_used_ = 0;
  uint64_t probes_ = 0;
  uint64_t hits_ = 0;
};

}  // namespace kibitzer::bridge::dd
