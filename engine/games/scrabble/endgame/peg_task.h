// algorithm=peg: the pre-endgame solved play by play (PegSolver), reported after each play.
#pragma once

#include <memory>
#include <vector>

#include "engine/core/game.h"
#include "engine/games/scrabble/rules/position.h"

namespace kibitzer::scrabble {

struct PegTaskOptions {
  bool first_win = false;  // stop at the first play that wins every draw
  bool prune = true;       // give up on a play once it cannot beat the best so far
  int table_log2 = 20;
};

// `plays`: placements that empty the bag, in the order to try them (the likeliest best first).
std::unique_ptr<core::SearchTask> MakePegTask(Position pos, std::vector<Move> plays,
                                              const PegTaskOptions& options);

}  // namespace kibitzer::scrabble
