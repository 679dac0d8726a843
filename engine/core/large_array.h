// LargeArray: a fixed-size array for the search tables, allocated once, on huge pages where the
// system offers them.
//
// A table of tens or hundreds of megabytes is probed at random; with 4 KiB pages nearly every
// probe also misses the TLB. On Linux the memory is aligned to 2 MiB and marked for transparent
// huge pages (madvise), which the kernel honours when THP is in "madvise" or "always" mode;
// elsewhere, or when it declines, it is plain memory. Elements are value-initialised.
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>

namespace kibitzer::core {

// Zeroed memory of at least `bytes`, page-aligned (to 2 MiB and huge-page backed where possible),
// charged to MemoryBudget::Process(); never null (throws MemoryExhausted, a std::bad_alloc, when
// over the budget or refused). Free with FreeLarge and the same `bytes`.
void* AllocateLarge(size_t bytes);
void FreeLarge(void* p, size_t bytes);

template <typename T>
class LargeArray {
  static_assert(std::is_trivially_destructible_v<T>, "LargeArray holds plain table entries");
  static_assert(alignof(T) <= 64, "LargeArray aligns to 64 bytes");

 public:
  LargeArray() = default;
  explicit LargeArray(size_t n)
      : data_(static_cast<T*>(AllocateLarge(n * sizeof(T))), Free{n * sizeof(T)}) {
    std::uninitialized_value_construct_n(data_.get(), n);
  }

  // As with unique_ptr<T[]>, constness is shallow: a const table may still be written through.
  T& operator[](size_t i) const { return data_[i]; }

 private:
  struct Free {
    size_t bytes = 0;
    void operator()(T* p) const { FreeLarge(p, bytes); }
  };
  std::unique_ptr<T[], Free> data_;
};

}  // namespace kibitzer::core
