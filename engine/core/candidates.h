// The moves a client limits a search to (limits.candidate_moves), parsed and checked once for
// every game.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "engine/core/limits.h"
#include "engine/core/quote.h"

namespace kibitzer::core {

// Each candidate parsed by `parse(text, field)` (absl::StatusOr<Move>) and refused unless it is
// in `legal` ("not a legal `what` now"); duplicates kept once, in the client's order. All of
// `legal` when the client named none. Errors name limits.candidate_moves[i].
template <typename Move, typename Parse>
absl::StatusOr<std::vector<Move>> CandidateMoves(const Limits& limits,
                                                 const std::vector<Move>& legal, Parse&& parse,
                                                 const char* what) {
  if (limits.candidate_moves.empty()) return legal;
  std::vector<Move> out;
  for (size_t i = 0; i < limits.candidate_moves.size(); ++i) {
    const std::string& text = limits.candidate_moves[i];
    const std::string field = absl::StrCat("limits.candidate_moves[", i, "]");
    absl::StatusOr<Move> move = parse(text, field);
    if (!move.ok()) return move.status();
    if (std::find(legal.begin(), legal.end(), *move) == legal.end()) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": ", Quote(text), " is not a legal ", what, " now"));
    }
    if (std::find(out.begin(), out.end(), *move) == out.end()) out.push_back(*move);
  }
  return out;
}

}  // namespace kibitzer::core
