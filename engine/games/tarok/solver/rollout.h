// The rules of thumb that play out simulated games fast: take a trick cheaply when the other
// side holds it, give points to a trick the own side holds, lead from the shortest suit (or high
// taroks with six or more), and in klop and the beggars keep under the trick.
#pragma once

#include "engine/games/tarok/rules/play.h"

namespace kibitzer::tarok {

// The card the rules of thumb play for the player to move.
int RolloutCard(const PlayState& s);

}  // namespace kibitzer::tarok
