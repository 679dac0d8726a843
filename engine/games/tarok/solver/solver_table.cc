#include "engine/games/tarok/solver/solver_table.h"

#include <atomic>
#include <bit>

#include "engine/core/bits.h"

namespace kibitzer::tarok {
namespace {

uint64_t Mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  return x ^ (x >> 33);
}

// A hand's run-card counts: its taroks II..XX, then the pips of suits 0..3 in three bits each
// (taroks << 12 | suit 0 << 9 | suit 1 << 6 | suit 2 << 3 | suit 3).
uint64_t HandCounts(Mask m) {
  static_assert(kSuitBase == 22 && SuitPips(0) == Mask{0x0F} << 22);
  // Each suit's four pips in the low half of a byte (suit 0 in the lowest), counted in place.
  uint32_t x = static_cast<uint32_t>(m >> kSuitBase) & 0x0F0F0F0Fu;
  x -= (x >> 1) & 0x05050505u;
  x = (x & 0x03030303u) + ((x >> 2) & 0x03030303u);
  // Suit 0 in the top byte, so that gathering three bits a byte puts it highest.
  const uint64_t pips = core::Gather(__builtin_bswap32(x), 0x07070707u);
  return static_cast<uint64_t>(std::popcount(m & kTarokRun)) << 12 | pips;
}

}  // namespace

void MakeTableKey(const std::array<Mask, 4>& hands, int players, uint8_t meta, TableKey* out) {
  TableKey& k = *out;
  k.meta = meta;
  k.held = (hands[0] | hands[1] | hands[2] | hands[3]) & kRuns;
  k.counts = 0;
  // The hash: each hand's cards outside the runs times its own odd constant, so that the
  // products are independent of each other, summed with the counts and mixed once.
  constexpr uint64_t kHandFactor[4] = {0x9E3779B97F4A7C15ULL, 0xC2B2AE3D27D4EB4FULL,
                                       0x165667B19E3779F9ULL, 0x27D4EB2F165667C5ULL};
  // A hand's counts take 17 bits; 16 with four players (at most 12 cards, so 4 bits of taroks).
  const int shift = players == 3 ? 17 : 16;
  std::array<Mask, 4> relative{};
  uint64_t h = meta;
  for (int p = 0; p < players; ++p) {
    const Mask m = hands[p];
    // The run cards in order among the held ones, spread over the run bits: positions with the
    // same number of cards per hand and run line up card for card.
    relative[p] = (m & ~kRuns) | core::Scatter(core::Gather(m, k.held), kRuns);
    k.counts |= HandCounts(m) << (shift * p);
    h += (m & ~kRuns) * kHandFactor[p];
  }
  if (players == 3) {
    k.hands = {relative[0], relative[1], relative[2]};
  } else {
    k.hands = {relative[1] | relative[3], relative[2] | relative[3],
               relative[0] | relative[1] | relative[2] | relative[3]};
  }
  k.hash = Mix(h ^ k.counts * 0xD6E8FEB86659FD93ULL);
}

Mask RegionCards(const TableKey& key, Mask region) {
  return core::Scatter(core::Gather(region, kRuns), key.held);
}

Mask RelativeRegion(const TableKey& key, Mask cards) {
  return core::Scatter(core::Gather(cards, key.held), kRuns);
}

class SolverTable::Locked {
 public:
  Locked(Set& set, bool shared) : lock_(shared ? &set.entries[0].set_lock : nullptr) {
    if (lock_ == nullptr) return;
    std::atomic_ref<uint8_t> word(*lock_);
    while (word.exchange(1, std::memory_order_acquire) != 0) {
      while (word.load(std::memory_order_relaxed) != 0) {
#if defined(__x86_64__)
        __builtin_ia32_pause();
#endif
      }
    }
  }
  ~Locked() {
    if (lock_ != nullptr) std::atomic_ref<uint8_t>(*lock_).store(0, std::memory_order_release);
  }
  Locked(const Locked&) = delete;
  Locked& operator=(const Locked&) = delete;

 private:
  uint8_t* lock_;
};

SolverTable::SolverTable(int log2_entries)
    : sets_(size_t{1} << (log2_entries > 2 ? log2_entries - 2 : 0)),
      set_mask_((uint64_t{1} << (log2_entries > 2 ? log2_entries - 2 : 0)) - 1) {}

SolverTable::~SolverTable() = default;

size_t SolverTable::Bytes(int log2_entries) {
  return sizeof(Set) << (log2_entries > 2 ? log2_entries - 2 : 0);
}

void SolverTable::Clear() {
  if (++epoch_ != 0) return;
  // The epoch wrapped: wipe the table so that no entry of 256 clears ago comes back.
  for (uint64_t i = 0; i <= set_mask_; ++i) {
    for (TableEntry& e : sets_[i].entries) e.epoch = 0;
  }
  epoch_ = 1;
}

bool SolverTable::Matches(const TableEntry& e, const TableKey& key) const {
  if (e.epoch != epoch_ || e.meta != key.meta || e.counts != key.counts) return false;
  const Mask care = e.region | ~kRuns;
  return (key.hands[0] & care) == e.key[0] && (key.hands[1] & care) == e.key[1] &&
         (key.hands[2] & care) == e.key[2];
}

bool SolverTable::Find(const TableKey& key, int alpha, int beta, TableHit* hit, int* best) const {
  Set& set = sets_[key.hash & set_mask_];
  const Locked locked(set, shared_);
  for (const TableEntry& e : set.entries) {
    if (!Matches(e, key)) continue;
    if ((e.lower != kNoLower && e.lower >= beta) || (e.upper != kNoUpper && e.upper <= alpha)) {
      hit->region = e.region;
      hit->lower = e.lower;
      hit->upper = e.upper;
      return true;
    }
    if (e.best >= 0 && *best < 0) *best = e.best;
  }
  return false;
}

void SolverTable::Store(const TableKey& key, Mask region, int lower, int upper, int best) {
  Set& set = sets_[key.hash & set_mask_];
  const Locked locked(set, shared_);
  const Mask care = region | ~kRuns;
  const Mask k0 = key.hands[0] & care, k1 = key.hands[1] & care, k2 = key.hands[2] & care;
  // A stale entry if there is one, else the set's entries in turn: the oldest goes.
  TableEntry* victim = nullptr;
  for (TableEntry& e : set.entries) {
    if (e.epoch != epoch_) {
      if (victim == nullptr) victim = &e;
      continue;
    }
    if (e.meta == key.meta && e.counts == key.counts && e.region == region && e.key[0] == k0 &&
        e.key[1] == k1 && e.key[2] == k2) {
      // The same positions: tighten the bounds.
      if (lower != kNoLower && (e.lower == kNoLower || lower > e.lower)) {
        e.lower = static_cast<int8_t>(lower);
      }
      if (upper != kNoUpper && (e.upper == kNoUpper || upper < e.upper)) {
        e.upper = static_cast<int8_t>(upper);
      }
      if (best >= 0) e.best = static_cast<int8_t>(best);
      return;
    }
  }
  if (victim == nullptr) {
    uint8_t& next = set.entries[0].set_next;
    victim = &set.entries[next];
    next = static_cast<uint8_t>((next + 1) % kWays);
  }
  victim->key[0] = k0;
  victim->key[1] = k1;
  victim->key[2] = k2;
  victim->region = region;
  victim->counts = key.counts;
  victim->meta = key.meta;
  victim->epoch = epoch_;
  victim->lower = static_cast<int8_t>(lower);
  victim->upper = static_cast<int8_t>(upper);
  victim->best = static_cast<int8_t>(best);
}

}  // namespace kibitzer::tarok
