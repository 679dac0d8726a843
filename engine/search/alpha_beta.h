// Negamax alpha-beta with a transposition table, for two sides (or two teams).
//
// Fail-soft. A value is "proven" when it does not depend on the depth horizon (no heuristic
// evaluation and no horizon-bound table entry was used below it); proven entries are stored with
// TranspositionTable::kProvenDepth and hold at any depth, so iterative deepening can tell when
// every value is exact. The search polls its SearchControl every few thousand nodes and unwinds
// at once when told to stop (aborted() is then true and the returned value is meaningless).
// One AlphaBeta per search thread; it allocates nothing.
#pragma once

#include <cstdint>

#include "engine/core/search_control.h"
#include "engine/search/state_concept.h"
#include "engine/search/transposition_table.h"

namespace kibitzer::search {

inline constexpr int kInfinity = 1 << 20;

template <NegamaxState State>
class AlphaBeta {
 public:
  using Move = typename State::Move;

  // `tt` may be null (no table); both must outlive this object.
  AlphaBeta(core::SearchControl* control, TranspositionTable* tt) : control_(control), tt_(tt) {}

  // Value of `state` for the side to move, searched `depth` plies within (alpha, beta).
  int Search(State& state, int depth, int alpha, int beta) {
    ++nodes_;
    if (control_->PollEvery(nodes_)) {
      aborted_ = true;
      return 0;
    }
    if (state.IsTerminal()) return state.TerminalValue();
    if (depth <= 0) {
      ++horizon_hits_;
      return state.Evaluate();
    }

    const bool use_tt = tt_ != nullptr && tt_->enabled();
    const uint64_t key = use_tt ? state.Key() : 0;
    uint16_t tt_move = 0;
    bool have_tt_move = false;
    if (use_tt) {
      TTEntry e;
      if (tt_->Probe(key, &e)) {
        tt_move = e.move;
        have_tt_move = true;
        if (e.depth >= depth) {
          const core::Bound b = TranspositionTable::BoundOf(e);
          if (b == core::Bound::kExact || (b == core::Bound::kLower && e.value >= beta) ||
              (b == core::Bound::kUpper && e.value <= alpha)) {
            if (e.depth != TranspositionTable::kProvenDepth) ++horizon_hits_;
            return e.value;
          }
        }
      }
    }

    Move moves[State::kMaxMoves];
    const int count = state.GenerateMoves(moves);
    if (have_tt_move) PromoteMove(moves, count, State::DecodeMove(tt_move));

    const int alpha_in = alpha;
    const uint64_t horizon_before = horizon_hits_;
    int best = -kInfinity;
    Move best_move = moves[0];
    for (int i = 0; i < count; ++i) {
      state.Play(moves[i]);
      const int value = -Search(state, depth - 1, -beta, -alpha);
      state.Undo(moves[i]);
      if (aborted_) return 0;
      if (value > best) {
        best = value;
        best_move = moves[i];
        if (value > alpha) alpha = value;
        if (alpha >= beta) break;
      }
    }

    if (use_tt) {
      const core::Bound bound = best <= alpha_in ? core::Bound::kUpper
                                : best >= beta   ? core::Bound::kLower
                                                 : core::Bound::kExact;
      const int stored_depth =
          horizon_hits_ == horizon_before ? TranspositionTable::kProvenDepth : depth;
      tt_->Store(key, best, stored_depth, bound, State::EncodeMove(best_move));
    }
    return best;
  }

  // The value of `state` without searching below it and without polling the control: exact when
  // the game is over, else the heuristic (counted as a horizon hit).
  int Leaf(const State& state) {
    ++nodes_;
    if (state.IsTerminal()) return state.TerminalValue();
    ++horizon_hits_;
    return state.Evaluate();
  }

  uint64_t nodes() const { return nodes_; }
  bool aborted() const { return aborted_; }
  // Grows whenever a value below depended on the horizon; compare before and after a search.
  uint64_t horizon_hits() const { return horizon_hits_; }
  TranspositionTable* tt() const { return tt_; }

 private:
  static void PromoteMove(Move* moves, int count, Move first) {
    for (int i = 0; i < count; ++i) {
      if (moves[i] == first) {
        for (int j = i; j > 0; --j) moves[j] = moves[j - 1];
        moves[0] = first;
        return;
      }
    }
  }

  core::SearchControl* control_;
  TranspositionTable* tt_;
  uint64_t nodes_ = 0;
  uint64_t horizon_hits_ = 0;
  bool aborted_ = false;
};

}  // namespace kibitzer::search
