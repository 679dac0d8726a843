// Seeded dealing: six cards to the talon, then 16 to each player; a hand without taroks is
// redealt (the next draw of the same generator).
#pragma once

#include <cstdint>

#include "engine/core/rng.h"
#include "engine/games/tarok/round.h"

namespace kibitzer::tarok {

DealCards RandomDeal(core::Rng& rng);
inline DealCards RandomDeal(uint64_t seed) {
  core::Rng rng(seed);
  return RandomDeal(rng);
}

}  // namespace kibitzer::tarok
