#include "engine/games/bridge/dd_table_store.h"

#include <algorithm>
#include <bit>

namespace kibitzer::bridge::dd {
namespace {

uint64_t Mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xFF51AFD7ED558CCDULL;
  x ^= x >> 33;
  x *= 0xC4CEB9FE1A85EC53ULL;
  x ^= x >> 33;
  return x;
}

uint8_t Tag(const TableQuery& q) { return static_cast<uint8_t>(1 + q.leader * 5 + q.trump); }

bool Matches(const TableEntry& e, const TableQuery& q) {
  return (((q.plane0 ^ e.plane0) | (q.plane1 ^ e.plane1)) & e.mask) == 0;
}

}  // namespace

PartitionTable::PartitionTable(int megabytes) {
  const size_t bytes = static_cast<size_t>(std::max(megabytes, 1)) << 20;
  // An eighth for the slot headers, the rest for the chunks of entries.
  const size_t sets = std::bit_floor(std::max<size_t>(bytes / 8 / sizeof(Set), 1));
  const size_t chunks = std::max<size_t>(
      (bytes - sets * sizeof(Set)) / (sizeof(Chunk) + sizeof(uint32_t)), kEntries / kChunk);
  sets_ = core::LargeArray<Set>(sets);
  chunks_ = core::LargeArray<Chunk>(chunks);
  chunk_next_ = core::LargeArray<uint32_t>(chunks);
  set_mask_ = sets - 1;
  chunk_count_ = static_cast<uint32_t>(std::min<size_t>(chunks, kNoChunk - 1));
}

PartitionTable::~PartitionTable() = default;

// The tricks left in a slot's positions: the first hand's cards at a trick start.
int PartitionTable::TricksLeft(const Slot& slot) {
  const uint64_t l = slot.lengths;
  return static_cast<int>((l & 15) + (l >> 16 & 15) + (l >> 32 & 15) + (l >> 48 & 15));
}

void PartitionTable::Clear() {
  chunks_used_ = 0;
  if (++epoch_ != 0) return;
  // The epoch wrapped: wipe the slots so that none of 255 clears ago comes back.
  for (size_t i = 0; i <= set_mask_; ++i) sets_[i] = Set{};
  epoch_ = 1;
}

size_t PartitionTable::SetIndex(const TableQuery& query) const {
  return Mix(query.lengths ^ (uint64_t{Tag(query)} << 58)) & set_mask_;
}

PartitionTable::Slot* PartitionTable::FindSlot(const TableQuery& query) const {
  Set& set = sets_[SetIndex(query)];
  const uint8_t tag = Tag(query);
  for (Slot& s : set.slots) {
    if (s.tag == tag && s.lengths == query.lengths && s.epoch == epoch_) return &s;
  }
  return nullptr;
}

const TableEntry* PartitionTable::Find(const TableQuery& query, int need, int* hint) {
  ++probes_;
  const Slot* slot = FindSlot(query);
  if (slot == nullptr || slot->count == 0) return nullptr;
  const TableEntry* found = nullptr;
  int found_bits = 64;
  uint32_t chunk = slot->first;
  for (int left = slot->count;;) {
    const TableEntry* entries = chunks_[chunk].entries;
    const int here = std::min(left, kChunk);
    for (int i = 0; i < here; ++i) {
      const TableEntry& e = entries[i];
      if (!Matches(e, query)) continue;
      if (e.lower >= need || e.upper < need) {
        const int bits = std::popcount(e.mask);
        if (bits < found_bits) {
          found = &e;
          found_bits = bits;
        }
        continue;
      }
      if (e.best != 0 && *hint < 0) *hint = e.best - 1;
    }
    left -= here;
    if (left == 0) break;
    chunk = chunk_next_[chunk];
  }
  if (found != nullptr) ++hits_;
  return found;
}

PartitionTable::Chunk* PartitionTable::ChunkFor(Slot& slot, int index) {
  uint32_t* link = &slot.first;
  for (int k = index / kChunk; k > 0 && *link != kNoChunk; --k) link = &chunk_next_[*link];
  if (*link == kNoChunk) {
    // The chain ends just before this entry's chunk (entries are added in order).
    if (chunks_used_ == chunk_count_) return nullptr;
    *link = chunks_used_++;
    chunk_next_[*link] = kNoChunk;
  }
  return &chunks_[*link];
}

void PartitionTable::Store(const TableQuery& query, uint64_t mask, int lower, int upper, int best) {
  Slot* slot = FindSlot(query);
  if (slot == nullptr) {
    Set& set = sets_[SetIndex(query)];
    slot = &set.slots[0];
    for (Slot& s : set.slots) {
      if (s.epoch != epoch_) {
        slot = &s;
        break;
      }
      if (TricksLeft(s) < TricksLeft(*slot)) slot = &s;
    }
    // The new pattern takes over the slot and the chunks it had (none when they are stale:
    // the pool has been handed out afresh since).
    if (slot->epoch != epoch_) slot->first = kNoChunk;
    slot->lengths = query.lengths;
    slot->tag = Tag(query);
    slot->count = 0;
    slot->next = 0;
    slot->epoch = epoch_;
  }
  const uint64_t plane0 = query.plane0 & mask, plane1 = query.plane1 & mask;
  uint32_t chunk = slot->first;
  for (int i = 0; i < slot->count; ++i) {
    if (i > 0 && i % kChunk == 0) chunk = chunk_next_[chunk];
    TableEntry& e = chunks_[chunk].entries[i % kChunk];
    if (e.mask == mask && e.plane0 == plane0 && e.plane1 == plane1) {
      e.lower = static_cast<int8_t>(std::max<int>(e.lower, lower));
      e.upper = static_cast<int8_t>(std::min<int>(e.upper, upper));
      if (best != 0) e.best = static_cast<uint8_t>(best);
      return;
    }
  }
  const bool full = slot->count == kEntries;
  const int index = full ? slot->next : slot->count;
  Chunk* c = ChunkFor(*slot, index);
  if (c == nullptr) return;  // the pool is empty: not kept
  if (full) {
    slot->next = static_cast<uint8_t>((slot->next + 1) % kEntries);
  } else {
    ++slot->count;
  }
  TableEntry& e = c->entries[index % kChunk];
  e.mask = mask;
  e.plane0 = plane0;
  e.plane1 = plane1;
  e.lower = static_cast<int8_t>(lower);
  e.upper = static_cast<int8_t>(upper);
  e.best = static_cast<uint8_t>(best);
}

}  // namespace kibitzer::bridge::dd
