// Rack inference: what the other side's last play says about the tiles it kept.
//
// Seen from `viewer`, the mover's rack before its play `m` was m's tiles plus a leave drawn from
// the tiles the viewer could not see (less m's). Racks are drawn that way, `trials` times from
// the seed, and a rack is kept when m is, within `tolerance` points, the best play by static
// equity with it (the static player, or a player like it, would have made it). The leaves kept,
// repeats included, are then a sample of the leave given the play: a simulation that draws the
// other rack as one of them plus tiles from the bag models the opponent's rack better than a
// uniform draw does. A placement only: an exchange or a pass says nothing here (no leaves).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/games/scrabble/movegen/movegen.h"
#include "engine/games/scrabble/rules/position.h"

namespace kibitzer::scrabble {

struct InferenceOptions {
  double tolerance = 0;  // equity points the play may be below the best
  int trials = 1000;
  uint64_t seed = 0;
};

struct Inference {
  std::vector<Rack> leaves;  // the leaves of the racks kept, as often as drawn
  int trials = 0;            // racks drawn
};

// `before`: the position before `m`, the move of its side to move (the mover's rack there is not
// looked at, only its size); `viewer_rack`: the other seat's rack then (the viewer's rack now:
// it has not moved since; empty when not known). Same seed, same leaves.
Inference InferLeaves(const Position& before, const Move& m, const Rack& viewer_rack,
                      const InferenceOptions& options, MoveGenerator& gen);

}  // namespace kibitzer::scrabble
