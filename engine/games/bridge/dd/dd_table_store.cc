#include "engine/games/bridge/dd/dd_table_store.h"

#include <algorithm>
#include <bit>

#if defined(__AVX512F__) || defined(__AVX2__)
#include <immintrin.h>
#endif

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

}  // namespace

// An eighth for the slot headers, the rest for the chunks of entries.
size_t PartitionTable::SetCount(int megabytes) {
  const size_t bytes = static_cast<size_t>(std::max(megabytes, 1)) << 20;
  return std::bit_floor(std::max<size_t>(bytes / 8 / sizeof(Set), 1));
}

size_t PartitionTable::ChunkCount(int megabytes) {
  const size_t bytes = static_cast<size_t>(std::max(megabytes, 1)) << 20;
  return std::max<size_t>(
      (bytes - SetCount(megabytes) * sizeof(Set)) / (sizeof(Chunk) + sizeof(uint32_t)),
      kEntries / kChunk);
}

size_t PartitionTable::Bytes(int megabytes) {
  constexpr size_t kPage = 4096;
  auto pages = [](size_t b) { return (b + kPage - 1) / kPage * kPage; };
  const size_t chunks = ChunkCount(megabytes);
  return pages(SetCount(megabytes) * sizeof(Set)) + pages(chunks * sizeof(Chunk)) +
         pages(chunks * sizeof(uint32_t));
}

PartitionTable::PartitionTable(int megabytes) {
  const size_t sets = SetCount(megabytes);
  const size_t chunks = ChunkCount(megabytes);
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

uint32_t PartitionTable::MatchBits(const Chunk& c, uint64_t p0, uint64_t p1) {
  static_assert(kChunk == 8);
#if defined(__AVX512F__)
  const __m512i diff =
      _mm512_or_si512(_mm512_xor_si512(_mm512_load_si512(c.plane0), _mm512_set1_epi64(p0)),
                      _mm512_xor_si512(_mm512_load_si512(c.plane1), _mm512_set1_epi64(p1)));
  return _mm512_testn_epi64_mask(diff, _mm512_load_si512(c.mask));
#elif defined(__AVX2__)
  uint32_t bits = 0;
  for (int half = 0; half < 2; ++half) {
    const auto* m = reinterpret_cast<const __m256i*>(c.mask + 4 * half);
    const auto* a = reinterpret_cast<const __m256i*>(c.plane0 + 4 * half);
    const auto* b = reinterpret_cast<const __m256i*>(c.plane1 + 4 * half);
    const __m256i diff = _mm256_and_si256(
        _mm256_or_si256(
            _mm256_xor_si256(_mm256_load_si256(a), _mm256_set1_epi64x(static_cast<int64_t>(p0))),
            _mm256_xor_si256(_mm256_load_si256(b), _mm256_set1_epi64x(static_cast<int64_t>(p1)))),
        _mm256_load_si256(m));
    const __m256i zero = _mm256_cmpeq_epi64(diff, _mm256_setzero_si256());
    bits |= static_cast<uint32_t>(_mm256_movemask_pd(_mm256_castsi256_pd(zero))) << (4 * half);
  }
  return bits;
#else
  uint32_t bits = 0;
  for (int i = 0; i < kChunk; ++i) {
    if ((((p0 ^ c.plane0[i]) | (p1 ^ c.plane1[i])) & c.mask[i]) == 0) bits |= 1u << i;
  }
  return bits;
#endif
}

bool PartitionTable::Find(const TableQuery& query, int need, TableHit* hit, int* hint) {
  ++probes_;
  const Slot* slot = FindSlot(query);
  if (slot == nullptr || slot->count == 0) return false;
  const Chunk* found = nullptr;
  int found_index = 0;
  int found_bits = 64;
  ForEachChunk(*slot, [&](const Chunk& c, uint32_t valid) {
    for (uint32_t m = MatchBits(c, query.plane0, query.plane1) & valid; m != 0; m &= m - 1) {
      const int i = std::countr_zero(m);
      if (c.lower[i] >= need || c.upper[i] < need) {
        const int bits = std::popcount(c.mask[i]);
        if (bits < found_bits) {
          found = &c;
          found_index = i;
          found_bits = bits;
        }
      } else if (c.best[i] != 0 && *hint < 0) {
        *hint = c.best[i] - 1;
      }
    }
    return false;
  });
  if (found == nullptr) return false;
  ++hits_;
  hit->mask = found->mask[found_index];
  hit->lower = found->lower[found_index];
  hit->upper = found->upper[found_index];
  return true;
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
  // The same entry again (same cards, same holders): its bounds are narrowed.
  bool narrowed = false;
  ForEachChunk(*slot, [&](Chunk& c, uint32_t valid) {
    for (uint32_t m = MatchBits(c, plane0, plane1) & valid; m != 0; m &= m - 1) {
      const int i = std::countr_zero(m);
      if (c.mask[i] != mask) continue;
      c.lower[i] = static_cast<int8_t>(std::max<int>(c.lower[i], lower));
      c.upper[i] = static_cast<int8_t>(std::min<int>(c.upper[i], upper));
      if (best != 0) c.best[i] = static_cast<uint8_t>(best);
      narrowed = true;
      return true;
    }
    return false;
  });
  if (narrowed) return;
  const bool full = slot->count == kEntries;
  const int index = full ? slot->next : slot->count;
  Chunk* c = ChunkFor(*slot, index);
  if (c == nullptr) {
    // The pool is dry. Keeping what is there and storing nothing new (as this table once did)
    // starves a long search of the entries it needs next: with 4 MB, lead analysis searched
    // 4.5 times the nodes it does this way. So start afresh, and store this entry first.
    Clear();
    Store(query, mask, lower, upper, best);
    return;
  }
  if (full) {
    slot->next = static_cast<uint8_t>((slot->next + 1) % kEntries);
  } else {
    ++slot->count;
  }
  const int i = index % kChunk;
  c->mask[i] = mask;
  c->plane0[i] = plane0;
  c->plane1[i] = plane1;
  c->lower[i] = static_cast<int8_t>(lower);
  c->upper[i] = static_cast<int8_t>(upper);
  c->best[i] = static_cast<uint8_t>(best);
}

}  // namespace kibitzer::bridge::dd
