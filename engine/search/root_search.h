// Iterative deepening at the root: every root move gets its own value.
//
// In analyze mode each root move is searched with a full window, so every value is exact (or an
// estimate at the horizon). In best-move mode only the first move gets a full window; the others
// get a null window around the best value so far and are re-searched only when they beat it, so
// losing moves get an upper bound, which is much cheaper. Root moves are re-ordered by the values
// of the previous iteration. An interrupted iteration keeps the values it finished and the older
// values of the moves it did not reach. The search ends when every value is proven, at the depth
// limit, or when the control stops it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "engine/core/game.h"
#include "engine/search/alpha_beta.h"

namespace kibitzer::search {

template <NegamaxState State>
class RootSearch {
 public:
  using Move = typename State::Move;

  struct RootMove {
    Move move{};
    int order = 0;  // position in the game's generated order, for stable ranking
    int value = 0;
    core::Bound bound = core::Bound::kEstimate;
    int depth = 0;  // 0: not searched yet
  };

  // `moves` are the root moves to search (all legal moves, or the client's candidates), in the
  // game's order. The state is searched in place and restored.
  RootSearch(State& state, std::vector<Move> moves, core::SearchMode mode,
             core::SearchControl* control, TranspositionTable* tt)
      : state_(state), mode_(mode), control_(control), searcher_(control, tt) {
    root_.reserve(moves.size());
    for (size_t i = 0; i < moves.size(); ++i) {
      root_.push_back(RootMove{moves[i], static_cast<int>(i)});
    }
  }

  // Runs until proven, `max_depth` reached or stopped; calls `on_update(*this)` after the first
  // iteration and then after every root move. Returns why it ended (kCompleted, kDepthLimit, or the
  // control's reason).
  template <typename OnUpdate>
  core::StopReason Run(int max_depth, OnUpdate&& on_update) {
    for (int depth = 1; depth <= max_depth; ++depth) {
      bool all_proven = true;
      int best = -kInfinity;
      for (size_t i = 0; i < root_.size(); ++i) {
        RootMove& rm = root_[i];
        const uint64_t horizon_before = searcher_.horizon_hits();
        int value;
        core::Bound bound;
        state_.Play(rm.move);
        if (depth == 1) {
          // The first iteration is not interrupted, so even a search stopped at once leaves a
          // ranking: one static look at each move.
          value = -searcher_.Leaf(state_);
          bound = core::Bound::kExact;
        } else if (mode_ == core::SearchMode::kAnalyze || i == 0) {
          value = -searcher_.Search(state_, depth - 1, -kInfinity, kInfinity);
          bound = core::Bound::kExact;
        } else {
          value = -searcher_.Search(state_, depth - 1, -(best + 1), -best);
          bound = core::Bound::kUpper;
          if (!searcher_.aborted() && value > best) {
            value = -searcher_.Search(state_, depth - 1, -kInfinity, kInfinity);
            bound = core::Bound::kExact;
          }
        }
        state_.Undo(rm.move);
        if (searcher_.aborted()) return control_->reason();
        const bool proven = searcher_.horizon_hits() == horizon_before;
        if (!proven) {
          all_proven = false;
          if (bound == core::Bound::kExact) bound = core::Bound::kEstimate;
        }
        rm.value = value;
        rm.bound = bound;
        rm.depth = depth;
        best = std::max(best, value);
        // Reports start once every move has a value (after the first iteration).
        if (depth > 1 || i + 1 == root_.size()) on_update(*this);
      }
      completed_depth_ = depth;
      SortByValue();
      if (all_proven) return core::StopReason::kCompleted;
    }
    return core::StopReason::kDepthLimit;
  }

  // Root moves, best first after each completed iteration (searched order during one).
  const std::vector<RootMove>& root_moves() const { return root_; }
  // Root moves ranked by value now, ties in the game's move order.
  std::vector<RootMove> Ranked() const {
    std::vector<RootMove> ranked = root_;
    std::stable_sort(ranked.begin(), ranked.end(), Better);
    return ranked;
  }
  int completed_depth() const { return completed_depth_; }
  uint64_t nodes() const { return searcher_.nodes(); }

  // The principal variation after `first`, read from the table; at most `max_length` moves.
  std::vector<Move> PrincipalVariation(Move first, int max_length) {
    std::vector<Move> pv{first};
    TranspositionTable* tt = searcher_.tt();
    state_.Play(first);
    while (tt != nullptr && static_cast<int>(pv.size()) < max_length && !state_.IsTerminal()) {
      TTEntry e;
      if (!tt->Probe(state_.Key(), &e)) break;
      const Move m = State::DecodeMove(e.move);
      if (!state_.IsLegal(m)) break;
      pv.push_back(m);
      state_.Play(m);
    }
    for (size_t i = pv.size(); i-- > 0;) state_.Undo(pv[i]);
    return pv;
  }

 private:
  static bool Better(const RootMove& a, const RootMove& b) {
    if (a.depth == 0 || b.depth == 0) return a.depth > b.depth;
    // An upper bound ranks below an exact value equal to it.
    if (a.value != b.value) return a.value > b.value;
    if ((a.bound == core::Bound::kUpper) != (b.bound == core::Bound::kUpper)) {
      return b.bound == core::Bound::kUpper;
    }
    return a.order < b.order;
  }
  void SortByValue() { std::stable_sort(root_.begin(), root_.end(), Better); }

  State& state_;
  core::SearchMode mode_;
  core::SearchControl* control_;
  AlphaBeta<State> searcher_;
  std::vector<RootMove> root_;
  int completed_depth_ = 0;
};

}  // namespace kibitzer::search
