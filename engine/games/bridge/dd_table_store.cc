#include "engine/games/bridge/dd_table_store.h"

#include <algorithm>
#include <bit>

namespace kibitzer::bridge::dd {
namespace {

constexpr int kWays = 4;

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
  const size_t sets = std::bit_floor(std::max<size_t>(bytes / (sizeof(Slot) * kWays), 1));
  slots_ = std::make_unique<Slot[]>(sets * kWays);
  set_mask_ = sets - 1;
}

PartitionTable::~PartitionTable() = default;

void PartitionTable::Clear() {
  for (size_t i = 0; i < (set_mask_ + 1) * kWays; ++i) {
    slots_[i].tag = 0;
    slots_[i].count = 0;
    slots_[i].next = 0;
  }
}

PartitionTable::Slot* PartitionTable::FindSlot(const TableQuery& query) {
  Slot* set = &slots_[(Mix(query.lengths ^ (uint64_t{Tag(query)} << 58)) & set_mask_) * kWays];
  const uint8_t tag = Tag(query);
  for (int i = 0; i < kWays; ++i) {
    if (set[i].tag == tag && set[i].lengths == query.lengths) return &set[i];
  }
  return nullptr;
}

const TableEntry* PartitionTable::Find(const TableQuery& query, int need, int* hint) {
  ++probes_;
  const Slot* slot = FindSlot(query);
  if (slot == nullptr) return nullptr;
  for (int i = 0; i < slot->count; ++i) {
    const TableEntry& e = slot->entries[i];
    if (!Matches(e, query)) continue;
    if (e.lower >= need || e.upper < need) {
      ++hits_;
      return &e;
    }
    if (e.best != 0 && *hint < 0) *hint = e.best - 1;
  }
  return nullptr;
}

void PartitionTable::Store(const TableQuery& query, uint64_t mask, int lower, int upper, int best) {
  Slot* slot = FindSlot(query);
  if (slot == nullptr) {
    Slot* set = &slots_[(Mix(query.lengths ^ (uint64_t{Tag(query)} << 58)) & set_mask_) * kWays];
    slot = &set[0];
    for (int i = 0; i < kWays; ++i) {
      if (set[i].tag == 0) {
        slot = &set[i];
        break;
      }
      if (set[i].tricks_left < slot->tricks_left) slot = &set[i];
    }
    slot->lengths = query.lengths;
    slot->tag = Tag(query);
    slot->count = 0;
    slot->next = 0;
    slot->tricks_left = static_cast<uint8_t>(query.tricks_left);
  }
  const uint64_t plane0 = query.plane0 & mask, plane1 = query.plane1 & mask;
  for (int i = 0; i < slot->count; ++i) {
    TableEntry& e = slot->entries[i];
    if (e.mask == mask && e.plane0 == plane0 && e.plane1 == plane1) {
      e.lower = static_cast<int8_t>(std::max<int>(e.lower, lower));
      e.upper = static_cast<int8_t>(std::min<int>(e.upper, upper));
      if (best != 0) e.best = static_cast<uint8_t>(best);
      return;
    }
  }
  TableEntry& e = slot->entries[slot->next];
  slot->next = static_cast<uint8_t>((slot->next + 1) % kEntries);
  if (slot->count < kEntries) ++slot->count;
  e.mask = mask;
  e.plane0 = plane0;
  e.plane1 = plane1;
  e.lower = static_cast<int8_t>(lower);
  e.upper = static_cast<int8_t>(upper);
  e.best = static_cast<uint8_t>(best);
}

}  // namespace kibitzer::bridge::dd
