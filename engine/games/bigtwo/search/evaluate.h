// Values of Big Two positions for search: the exact outcome of a finished game and, at the
// horizon of a depth-limited search, a heuristic in the spirit of the seed thesis (cards left,
// high cards, combinations held).
//
// SearchState is a State whose Returns/EvaluateAll give these values shifted to be non-negative
// and to add up to kValueSum, which lets max^n prune (engine/search/maxn.h).
#pragma once

#include "engine/games/bigtwo/rules/state.h"

namespace kibitzer::bigtwo {

// Estimated number of plays `hand` needs to go out: straights that take at least three loose
// cards, full houses, fours with a loose kicker, then pairs (triples in pagat) and singles.
int PlaysToFinish(Mask hand, const Rules& rules);

// Cards of `hand` above every card in `others`: singles nobody can beat.
int SureWinners(Mask hand, Mask others);

// Zero-sum utilities per seat, from the seat's point of view: a win is worth kWinBonus from each
// loser plus ten times the points; an unfinished game is scored by the heuristic (at most a few
// hundred either way, so a proven win always counts more).
inline constexpr int kWinBonus = 10000;
void Utilities(const State& s, int* out);

// The baseline player's move (the thesis's Type A): the legal play that sheds the most cards,
// the lowest such play; it never passes when it can play.
Move BaselineMove(const State& state);

// Plays `s` to the end with the baseline policy for every seat.
void PlayOut(State& s);

class SearchState : public State {
 public:
  static constexpr int kShift = kWinBonus + 400;
  static constexpr int kValueSum = kShift * kMaxPlayers;

  SearchState() = default;
  // `rollouts`: the horizon plays the game out with the baseline policy instead of the heuristic.
  explicit SearchState(const State& s, bool rollouts = false) : State(s), rollouts_(rollouts) {}

  void Returns(int* values) const { Shifted(*this, values); }
  void EvaluateAll(int* values) const {
    if (!rollouts_) return Shifted(*this, values);
    State end = *this;
    PlayOut(end);
    Shifted(end, values);
  }

 private:
  static void Shifted(const State& s, int* values) {
    for (int p = 0; p < kMaxPlayers; ++p) values[p] = 0;
    Utilities(s, values);
    for (int p = 0; p < kMaxPlayers; ++p) values[p] += kShift;
  }

  bool rollouts_ = false;
};

}  // namespace kibitzer::bigtwo
