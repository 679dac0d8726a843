// Review: a played game's moves valued one by one, each against the best move at its point.
//
// The game gives its line (Game::Line: every move with the position before it); the moves of the
// reviewed seat (or every seat's) are analysed in turn, each as an Analyze of that position would
// value it (the same search, seed and limits), from the full layout or, with a seat, from that
// seat's knowledge. Each move's cost is the best move's value less the played move's, in the
// search's unit, and its grade says how much that is (Grade). The review is one search for the
// runner: it takes its turns, pauses and stops as one; each move's search runs under its own
// limits on a token below the review's.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "engine/core/game.h"

namespace kibitzer::analysis {

struct ReviewSpec {
  // Whose knowledge: "" the position as given (full layout), else a seat's view, which reviews
  // that seat's moves (bridge: declarer's include dummy's cards).
  std::string seat;
  // Whose moves when no seat is given: "" every seat's.
  std::string reviewed_seat;
  // Each move's search: limits, seed, threads, table, options (mode Analyze).
  core::SearchSpec search;
  // How often a move's search reports while it runs (zero: never between moves).
  std::chrono::milliseconds progress_interval{0};
  // The index of the first move reviewed; the moves before it are only played.
  int from_move = 0;
};

// How large a cost is, by its unit: "best" when it is none (or within `std_error`, the standard
// error of the difference of two sampled values), else "small", "medium" or "large". For a chance
// (win %, making) the bounds are Macondo's: small up to 3 points of percentage, medium up to 7.
std::string Grade(core::ValueUnit unit, double cost, double std_error);

// Checks a review of `given` (set up as `state`) and prepares it: the line, the moves reviewed,
// the first move's search (so that bad options are refused now). A move's search with no time
// limit gets an equal share of `whole_time`. Errors name the fields of the request:
// "reviewed_seat", "options[x]", "position" (nothing to review).
absl::StatusOr<std::unique_ptr<core::SearchTask>> PrepareReview(
    const core::Game& game, const core::GameState& state, const core::PositionSpec& given,
    ReviewSpec spec, std::chrono::milliseconds whole_time);

}  // namespace kibitzer::analysis
