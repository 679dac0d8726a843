// Max^n search for games of more than two independent players.
//
// Each node's value is a vector with one entry per player; the player to move picks the child
// that maximizes its own entry (ties: the first in the game's move order). When the state
// declares a positive `kValueSum` (its values are never negative and always add up to that
// constant, as after shifting a zero-sum score), the search also prunes as max^n allows (Korf
// 1991): immediate pruning, when a child gives the player to move all there is, and shallow
// pruning, when a child already gives the player to move so much that the parent's player cannot
// get more than it has elsewhere. Deep pruning is not sound in max^n and is not done. Allocates
// nothing; polls its SearchControl like AlphaBeta.
#pragma once

#include <array>
#include <climits>
#include <cstdint>

#include "engine/core/search_control.h"
#include "engine/search/state_concept.h"

namespace kibitzer::search {

template <MultiPlayerState State>
class MaxN {
 public:
  using Move = typename State::Move;
  using Values = std::array<int, State::kMaxPlayers>;
  static constexpr bool kPrunes = [] {
    if constexpr (requires { State::kValueSum; }) return State::kValueSum > 0;
    return false;
  }();

  explicit MaxN(core::SearchControl* control) : control_(control) {}

  // Values of `state` for every player, searched `depth` plies; `best_move` gets the chosen move
  // when not null and the state is not terminal.
  Values Search(State& state, int depth, Move* best_move = nullptr) {
    return Node(state, depth, INT_MAX, best_move);
  }

  uint64_t nodes() const { return nodes_; }
  uint64_t pruned() const { return pruned_; }
  bool aborted() const { return aborted_; }

 private:
  // `cap`: once the player to move is sure of at least `cap`, the parent will not choose this
  // node (shallow pruning); INT_MAX when nothing is known.
  Values Node(State& state, int depth, int cap, Move* best_move) {
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
      // A child's player may stop once sure of what leaves `me` no more than `me` has now.
      state.Play(moves[i]);
      int child_cap = INT_MAX;
      if constexpr (kPrunes) {
        if (have && state.CurrentPlayer() != me) child_cap = State::kValueSum - values[me];
      }
      const Values child = Node(state, depth - 1, child_cap, nullptr);
      state.Undo(moves[i]);
      if (aborted_) return values;
      if (!have || child[me] > values[me]) {
        values = child;
        have = true;
        if (best_move != nullptr) *best_move = moves[i];
      }
      if constexpr (kPrunes) {
        if (values[me] >= cap || values[me] >= State::kValueSum) {
          if (i + 1 < count) ++pruned_;
          break;
        }
      }
    }
    return values;
  }

  core::SearchControl* control_;
  uint64_t nodes_ = 0;
  uint64_t pruned_ = 0;
  bool aborted_ = false;
};

}  // namespace kibitzer::search
