// TranspositionTable: a fixed-size hash table of search results, owned by one search.
//
// Memory is taken once, at construction (size in MiB, rounded down to a power of two of buckets);
// Probe and Store never allocate. Each bucket holds two entries: one kept by depth, one always
// replaced. Keys are full 64-bit, so a hit is a true hit unless two positions share a key.
// Not thread-safe: each search has its own table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "engine/core/large_array.h"
#include "engine/core/progress.h"

namespace kibitzer::search {

struct TTEntry {
  uint64_t key = 0;
  int32_t value = 0;
  uint16_t move = 0;
  int8_t depth = 0;   // remaining depth searched; kProvenDepth when independent of any horizon
  uint8_t bound = 0;  // core::Bound
};
static_assert(sizeof(TTEntry) == 16);

class TranspositionTable {
 public:
  // A depth no search reaches: the value holds at any depth.
  static constexpr int kProvenDepth = 127;

  // `megabytes` == 0 gives a disabled table: Probe always misses, Store does nothing.
  explicit TranspositionTable(size_t megabytes);

  bool enabled() const { return bucket_count_ != 0; }
  size_t entry_count() const { return bucket_count_ * 2; }

  bool Probe(uint64_t key, TTEntry* out) {
    if (bucket_count_ == 0) return false;
    ++probes_;
    const Bucket& b = buckets_[Index(key)];
    for (const TTEntry& e : b.entries) {
      if (e.key == key && e.bound != kEmpty) {
        *out = e;
        ++hits_;
        return true;
      }
    }
    return false;
  }

  void Store(uint64_t key, int value, int depth, core::Bound bound, uint16_t move) {
    if (bucket_count_ == 0) return;
    Bucket& b = buckets_[Index(key)];
    TTEntry entry{key, value, move, static_cast<int8_t>(depth),
                  static_cast<uint8_t>(static_cast<int>(bound) + 1)};
    TTEntry& deep = b.entries[0];
    if (deep.bound == kEmpty || deep.key == key || depth >= deep.depth) {
      deep = entry;
    } else {
      b.entries[1] = entry;
    }
  }

  // The bound of an entry returned by Probe.
  static core::Bound BoundOf(const TTEntry& e) { return static_cast<core::Bound>(e.bound - 1); }

  uint64_t probes() const { return probes_; }
  uint64_t hits() const { return hits_; }

 private:
  static constexpr uint8_t kEmpty = 0;
  struct Bucket {
    TTEntry entries[2];
  };
  size_t Index(uint64_t key) const {
    return static_cast<size_t>((key * 0x9E3779B97F4A7C15ULL) >> shift_);
  }

  core::LargeArray<Bucket> buckets_;
  size_t bucket_count_ = 0;
  int shift_ = 64;
  uint64_t probes_ = 0;
  uint64_t hits_ = 0;
};

}  // namespace kibitzer::search
