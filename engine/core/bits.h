// Bit gathering and scattering on 64-bit masks: BMI2's PEXT and PDEP where the build targets
// them, else the same with a loop over the mask's bits.
#pragma once

#include <cstdint>
#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace kibitzer::core {

// The bits of `x` at the positions of `mask`, packed together from the bottom.
inline uint64_t Gather(uint64_t x, uint64_t mask) {
#if defined(__BMI2__)
  return _pext_u64(x, mask);
#else
  uint64_t out = 0;
  for (uint64_t bit = 1; mask != 0; mask &= mask - 1, bit <<= 1) {
    if (x & mask & (~mask + 1)) out |= bit;
  }
  return out;
#endif
}

// The low bits of `x` placed, in order, at the positions of `mask`: the inverse of Gather.
inline uint64_t Scatter(uint64_t x, uint64_t mask) {
#if defined(__BMI2__)
  return _pdep_u64(x, mask);
#else
  uint64_t out = 0;
  for (uint64_t bit = 1; mask != 0; mask &= mask - 1, bit <<= 1) {
    if (x & bit) out |= mask & (~mask + 1);
  }
  return out;
#endif
}

}  // namespace kibitzer::core
