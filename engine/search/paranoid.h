// Paranoid search: a game of several players searched as two sides, one player against all the
// others, who are assumed to play together to minimize that player's value (Sturtevant & Korf
// 2000). It is alpha-beta on one entry of the max^n value vector, so deep cutoffs are sound.
// Allocates nothing; polls its SearchControl like AlphaBeta.
#pragma once

#include <array>
#include <climits>
#include <cstdint>

#include "engine/core/search_control.h"
#include "engine/search/state_concept.h"

namespace kibitzer::search {

template <MultiPlayerState State>
class Paranoid {
 public:
  using Move = typename State::Move;

  Paranoid(core::SearchControl* control, int player) : control_(control), player_(player) {}

  // The value for `player` of `state`, searched `depth` plies within (alpha, beta).
  int Search(State& state, int depth, int alpha = INT_MIN + 1, int beta = INT_MAX,
             Move* best_move = nullptr) {
    ++nodes_;
    if (control_->PollEvery(nodes_)) {
      aborted_ = true;
      return 0;
    }
    int values[State::kMaxPlayers];
    if (state.IsTerminal()) {
      state.Returns(values);
      return values[player_];
    }
    if (depth <= 0) {
      state.EvaluateAll(values);
      return values[player_];
    }
    Move moves[State::kMaxMoves];
    const int count = state.GenerateMoves(moves);
    const bool maximizing = state.CurrentPlayer() == player_;
    int best = maximizing ? INT_MIN : INT_MAX;
    for (int i = 0; i < count; ++i) {
      state.Play(moves[i]);
      const int v = Search(state, depth - 1, alpha, beta);
      state.Undo(moves[i]);
      if (aborted_) return 0;
      if (maximizing ? v > best : v < best) {
        best = v;
        if (best_move != nullptr) *best_move = moves[i];
      }
      if (maximizing) {
        if (best > alpha) alpha = best;
      } else if (best < beta) {
        beta = best;
      }
      if (alpha >= beta) break;
    }
    return best;
  }

  uint64_t nodes() const { return nodes_; }
  bool aborted() const { return aborted_; }

 private:
  core::SearchControl* control_;
  int player_;
  uint64_t nodes_ = 0;
  bool aborted_ = false;
};

}  // namespace kibitzer::search
