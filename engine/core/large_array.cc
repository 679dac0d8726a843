#include "engine/core/large_array.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstdint>

#include "absl/strings/str_cat.h"
#include "engine/core/memory_budget.h"

namespace kibitzer::core {

namespace {
constexpr size_t kHugePage = size_t{2} << 20;
constexpr size_t kPage = 4096;

size_t WholePages(size_t bytes) { return (std::max<size_t>(bytes, 1) + kPage - 1) / kPage * kPage; }
}  // namespace

// Tables are mapped from the system directly, not taken from malloc's heap, so that freeing one
// returns its memory to the system at once: the server's memory comes back down after a load.
void* AllocateLarge(size_t bytes) {
  const size_t size = WholePages(bytes);
  MemoryBudget& budget = MemoryBudget::Process();
  if (!budget.Charge(size)) {
    throw MemoryExhausted(absl::StrCat("memory: a table of ", (size + (1 << 20) - 1) >> 20,
                                       " MiB does not fit in the server's budget of ",
                                       budget.limit() >> 20, " MiB (", budget.allocated() >> 20,
                                       " MiB in use)"));
  }
  // Tables of a few huge pages start on a huge-page boundary: one huge page more is mapped and
  // what lies outside the aligned table is given back at once.
  const bool huge = size >= 2 * kHugePage;
  const size_t mapped = huge ? size + kHugePage : size;
  void* p = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) {
    budget.Uncharge(size);
    throw MemoryExhausted(
        absl::StrCat("memory: the system refused a table of ", size >> 20, " MiB"));
  }
  if (!huge) return p;  // anonymous memory is zeroed
  const uintptr_t start = reinterpret_cast<uintptr_t>(p);
  const uintptr_t aligned = (start + kHugePage - 1) / kHugePage * kHugePage;
  if (aligned > start) munmap(p, aligned - start);
  const uintptr_t end = start + mapped, table_end = aligned + size;
  if (end > table_end) munmap(reinterpret_cast<void*>(table_end), end - table_end);
#if defined(MADV_HUGEPAGE)
  // Advice only: with 4 KiB pages nearly every random probe of a large table misses the TLB;
  // where the kernel has no huge pages to give, the memory stays as it is.
  madvise(reinterpret_cast<void*>(aligned), size, MADV_HUGEPAGE);
#endif
  return reinterpret_cast<void*>(aligned);
}

void FreeLarge(void* p, size_t bytes) {
  if (p == nullptr) return;
  const size_t size = WholePages(bytes);
  munmap(p, size);
  MemoryBudget::Process().Uncharge(size);
}

}  // namespace kibitzer::core
