// Max^n search for games of more than two independent players.
//
// Each node's value is a vector with one entry per player; the player to move picks the child
// that maximizes its own entry (ties: the first in the game's move order). No pruning across
// players beyond what the game's move order gives, so it suits shallow searches and endgames.
// Allocates nothing; polls its SearchControl like AlphaBeta.
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/search_control.h"
#include "engine/search/state_concept.h"

namespace kibitzer::search {

template <MultiPlayerState State>
class MaxN {
 public:
  using Move = typename State::Move;
  using Values = std::array<int, State::kMaxPlayers>;

  explicit MaxN(core::SearchControl* control) : control_(control) {}

  // Values of `state` for every player, searched `depth` plies; `best_move` gets the chosen move
  // when not null and the state is not terminal.
  Values Search(State& state, int depth, Move* best_move = nullptr) {
    Values values{};
    ++nodes_;
    if (control_->PollEvery(nodes_)) {
      aborted_ = true;
      return values;
    }
    if (state.IsTerminal()) {
      state.Returns(values.data());
      return values;
    }
    if (depth <= 0) {
      state.EvaluateAll(values.data());
      return values;
    }
    Move moves[State::kMaxMoves];
    const int count = state.GenerateMoves(moves);
    const int me = state.CurrentPlayer();
    bool have = false;
    for (int i = 0; i < count; ++i) {
      state.Play(moves[i]);
      const Values child = Search(state, depth - 1);
      state.Undo(moves[i]);
      if (aborted_) return values;
      if (!have || child[me] > values[me]) {
        values = child;
        have = true;
        if (best_move != nullptr) *best_move = moves[i];
      }
    }
    return values;
  }

  uint64_t nodes() const { return nodes_; }
  bool aborted() const { return aborted_; }

 private:
  core::SearchControl* control_;
  uint64_t nodes_ = 0;
  bool aborted_ = false;
};

}  // namespace kibitzer::search
