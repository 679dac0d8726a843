// Seeded dealing: six cards to the talon, then 16 to each of three players (12 to each of
// four); a hand without taroks is redealt (the next draw of the same generator).
#pragma once

#include <cstdint>

#include "engine/core/rng.h"
#include "engine/games/tarok/rules/round.h"

namespace kibitzer::tarok {

DealCards RandomDeal(core::Rng& rng, int players = 3);
inline DealCards RandomDeal(uint64_t seed, int players = 3) {
  core::Rng rng(seed);
  return RandomDeal(rng, players);
}

}  // namespace kibitzer::tarok
