#include "engine/core/game.h"

#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "engine/core/quote.h"

namespace kibitzer::core {

absl::StatusOr<DealResult> DealOfFullLayout(const GameState& state, const DealSpec& spec,
                                            const std::string& what) {
  if (!spec.fixed.empty()) {
    return absl::InvalidArgumentError(absl::StrCat("fixed[0]: ", what, ", so none can be fixed"));
  }
  if (!spec.constraints.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("constraints: ", what, ", so nothing can be constrained"));
  }
  DealResult result;
  result.layouts.push_back(state.Normalized());
  result.exhaustive = true;
  return result;
}

namespace {

// `move` as the position lists it among its legal moves: as written, or the legal move written
// alike but for case, or the legal move that leads to the same position (Big Two's cards in
// another order). Empty when none does.
std::string CanonicalMove(const Game& game, const PositionSpec& before, const GameState& state,
                          const std::string& move) {
  const std::vector<std::string> legal = state.LegalMoves();
  for (const std::string& m : legal) {
    if (m == move) return m;
  }
  for (const std::string& m : legal) {
    if (absl::EqualsIgnoreCase(m, move)) return m;
  }
  PositionSpec after = before;
  after.moves.push_back(move);
  absl::StatusOr<std::unique_ptr<GameState>> played = game.Setup(after);
  if (!played.ok()) return "";
  const PositionSpec want = (*played)->Normalized();
  // Only a move written with the same characters in another order can be the same move: one
  // set-up for it, not one for every legal move.
  const auto letters = [](std::string text) {
    for (char& c : text) c = absl::ascii_toupper(static_cast<unsigned char>(c));
    std::sort(text.begin(), text.end());
    return text;
  };
  const std::string key = letters(move);
  for (const std::string& m : legal) {
    if (m.size() != move.size() || letters(m) != key) continue;
    after.moves.back() = m;
    absl::StatusOr<std::unique_ptr<GameState>> other = game.Setup(after);
    if (!other.ok()) continue;
    const PositionSpec got = (*other)->Normalized();
    if (got.notation == want.notation && got.moves == want.moves && got.options == want.options) {
      return m;
    }
  }
  return "";
}

}  // namespace

absl::StatusOr<std::vector<LinePoint>> LineOfMoves(const Game& game, const PositionSpec& line) {
  std::vector<LinePoint> points;
  PositionSpec before = line;
  before.seat.clear();
  before.moves.clear();
  for (size_t i = 0; i < line.moves.size(); ++i) {
    absl::StatusOr<std::unique_ptr<GameState>> state = game.Setup(before);
    if (!state.ok()) return state.status();
    LinePoint point;
    point.before = before;
    point.player = (*state)->SideToMove();
    point.move = CanonicalMove(game, before, **state, line.moves[i]);
    if (point.move.empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("moves[", i, "]: ", Quote(line.moves[i]),
                       " is not a legal move in the position before it"));
    }
    before.moves.push_back(point.move);
    points.push_back(std::move(point));
  }
  return points;
}

absl::StatusOr<std::vector<LinePoint>> Game::Line(const GameState&,
                                                  const PositionSpec& given) const {
  return LineOfMoves(*this, given);
}

absl::Status NoFixedCards(const SearchSpec& spec, const std::string& what) {
  if (spec.fixed.empty()) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat("fixed[0]: ", what, ", so none can be fixed (nothing is sampled)"));
}

ReportFrame FrameOf(const SearchTask& task, const Limits& limits) {
  ReportFrame frame = task.frame;
  SearchTarget& t = frame.target;
  if (t.samples == 0) t.samples = limits.samples;
  if (t.nodes == 0) t.nodes = limits.nodes;
  if (t.time_ms == 0) t.time_ms = limits.time.count();
  if (t.depth == 0) t.depth = limits.depth;
  return frame;
}

}  // namespace kibitzer::core
