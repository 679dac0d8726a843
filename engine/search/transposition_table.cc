#include "engine/search/transposition_table.h"

#include <bit>

namespace kibitzer::search {

TranspositionTable::TranspositionTable(size_t megabytes) {
  if (megabytes == 0) return;
  const size_t wanted = megabytes * 1024 * 1024 / sizeof(Bucket);
  bucket_count_ = std::bit_floor(wanted);
  shift_ = 64 - std::countr_zero(bucket_count_);
  buckets_ = core::LargeArray<Bucket>(bucket_count_);
}

}  // namespace kibitzer::search
