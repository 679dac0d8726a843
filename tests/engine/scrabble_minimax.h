// Plain minimax of a Scrabble endgame (every move, no table, no pruning): the reference the
// endgame and pre-endgame solvers are checked against.
#pragma once

#include <algorithm>
#include <vector>

#include "engine/games/scrabble/movegen/movegen.h"
#include "engine/games/scrabble/rules/position.h"

namespace kibitzer::scrabble::testing {

struct Minimax {
  const Kwg& kwg;
  Rules rules;
  MoveGenerator gen{kwg};
  uint64_t nodes = 0;

  // The spread `side` gains from here to the end.
  int Value(Board& board, Rack (&racks)[2], int side, int zero) {
    ++nodes;
    const Rack& me = racks[side];
    const Rack& other = racks[1 - side];
    if (zero >= rules.scoreless_turns) return other.Points() - me.Points();
    std::vector<Move> moves;
    gen.GeneratePlacements(board, me, &moves);
    moves.push_back(Move{});
    int best = -100000;
    for (const Move& m : moves) best = std::max(best, Play(board, racks, side, zero, m));
    return best;
  }

  int Play(Board& board, Rack (&racks)[2], int side, int zero, const Move& m) {
    if (m.kind == Move::kPass) return -Value(board, racks, 1 - side, zero + 1);
    board.Place(m, kwg);
    racks[side].RemoveAll(m.Used());
    const int v = racks[side].size == 0 ? m.score + 2 * racks[1 - side].Points()
                                        : m.score - Value(board, racks, 1 - side, 0);
    racks[side].AddAll(m.Used());
    board.Unplace(m, kwg);
    return v;
  }
};

}  // namespace kibitzer::scrabble::testing
