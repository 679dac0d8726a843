#include "engine/core/large_array.h"

#include <cstdlib>
#include <cstring>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace kibitzer::core {

namespace {
constexpr size_t kHugePage = size_t{2} << 20;
}

void* AllocateLarge(size_t bytes) {
  bytes = bytes == 0 ? 64 : bytes;
  // Huge pages only pay for tables of a few of them; smaller ones stay on ordinary pages.
  const size_t align = bytes >= 2 * kHugePage ? kHugePage : 64;
  const size_t rounded = (bytes + align - 1) / align * align;
  void* p = std::aligned_alloc(align, rounded);
  if (p == nullptr) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  // Advice only: where the kernel has no huge pages to give, the memory stays as it is.
  if (align == kHugePage) madvise(p, rounded, MADV_HUGEPAGE);
#endif
  std::memset(p, 0, rounded);
  return p;
}

void FreeLarge(void* p) { std::free(p); }

}  // namespace kibitzer::core
