// Plain minimax over the complete game tree, without pruning or tables: the baseline whose node
// count shows what alpha-beta saves. For small trees only (tic-tac-toe), and for tests.
#pragma once

#include <cstdint>

#include "engine/search/state_concept.h"

namespace kibitzer::search {

struct TreeCount {
  uint64_t nodes = 0;   // every position visited, the root included
  uint64_t leaves = 0;  // finished games
};

// Negamax value of `state` over its full tree; adds the nodes visited to `count`.
template <NegamaxState State>
int PlainMinimax(State& state, TreeCount& count) {
  ++count.nodes;
  if (state.IsTerminal()) {
    ++count.leaves;
    return state.TerminalValue();
  }
  typename State::Move moves[State::kMaxMoves];
  const int n = state.GenerateMoves(moves);
  int best = -(1 << 20);
  for (int i = 0; i < n; ++i) {
    state.Play(moves[i]);
    const int value = -PlainMinimax(state, count);
    state.Undo(moves[i]);
    if (value > best) best = value;
  }
  return best;
}

}  // namespace kibitzer::search
