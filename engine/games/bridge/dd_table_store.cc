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
  const size_t per_set = sizeof(Set) + kWays * kEntries * sizeof(TableEntry);
  const size_t sets = std::bit_floor(std::max<size_t>(bytes / per_set, 1));
  sets_ = std::make_unique<Set[]>(sets);
  entries_ = std::make_unique<TableEntry[]>(sets * kWays * kEntries);
  set_mask_ = sets - 1;
}

PartitionTable::~PartitionTable() = default;

void PartitionTable::Clear() {
  for (size_t i = 0; i <= set_mask_; ++i) sets_[i] = Set{};
}

size_t PartitionTable::SetIndex(const TableQuery& query) const {
  return Mix(query.lengths ^ (uint64_t{Tag(query)} << 58)) & set_mask_;
}

void PartitionTable::Prefetch(uint64_t lengths, int leader, int trump) const {
  TableQuery q;
  q.lengths = lengths;
  q.leader = leader;
  q.trump = trump;
  __builtin_prefetch(&sets_[SetIndex(q)]);
}

int64_t PartitionTable::FindSlot(const TableQuery& query) const {
  const size_t set = SetIndex(query);
  const uint8_t tag = Tag(query);
  for (int i = 0; i < kWays; ++i) {
    const Slot& s = sets_[set].slots[i];
    if (s.tag == tag && s.lengths == query.lengths) return static_cast<int64_t>(set * kWays + i);
  }
  return -1;
}

const TableEntry* PartitionTable::Find(const TableQuery& query, int need, int* hint) {
  ++probes_;
  const int64_t index = FindSlot(query);
  if (index < 0) return nullptr;
  const TableEntry* entries = &entries_[index * kEntries];
  const TableEntry* found = nullptr;
  int found_bits = 64;
  for (int i = 0, count = slot(index).count; i < count; ++i) {
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
  if (found != nullptr) {
    ++hits_;
    return found;
  }
  return nullptr;
}

void PartitionTable::Store(const TableQuery& query, uint64_t mask, int lower, int upper, int best) {
  int64_t index = FindSlot(query);
  if (index < 0) {
    const size_t set = SetIndex(query);
    int way = 0;
    for (int i = 0; i < kWays; ++i) {
      const Slot& s = sets_[set].slots[i];
      if (s.tag == 0) {
        way = i;
        break;
      }
      if (s.tricks_left < sets_[set].slots[way].tricks_left) way = i;
    }
    index = static_cast<int64_t>(set * kWays + way);
    Slot& s = slot(index);
    s.lengths = query.lengths;
    s.tag = Tag(query);
    s.count = 0;
    s.next = 0;
    s.tricks_left = static_cast<uint8_t>(query.tricks_left);
  }
  Slot* slot_ptr = &slot(index);
  TableEntry* entries = &entries_[index * kEntries];
  const uint64_t plane0 = query.plane0 & mask, plane1 = query.plane1 & mask;
  for (int i = 0; i < slot_ptr->count; ++i) {
    TableEntry& e = entries[i];
    if (e.mask == mask && e.plane0 == plane0 && e.plane1 == plane1) {
      e.lower = static_cast<int8_t>(std::max<int>(e.lower, lower));
      e.upper = static_cast<int8_t>(std::min<int>(e.upper, upper));
      if (best != 0) e.best = static_cast<uint8_t>(best);
      return;
    }
  }
  TableEntry& e = entries[slot_ptr->next];
  slot_ptr->next = static_cast<uint8_t>((slot_ptr->next + 1) % kEntries);
  if (slot_ptr->count < kEntries) ++slot_ptr->count;
  e.mask = mask;
  e.plane0 = plane0;
  e.plane1 = plane1;
  e.lower = static_cast<int8_t>(lower);
  e.upper = static_cast<int8_t>(upper);
  e.best = static_cast<uint8_t>(best);
}

}  // namespace kibitzer::bridge::dd
