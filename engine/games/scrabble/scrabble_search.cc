// Analysis of a Scrabble position: every legal move of the side to move, ranked by static
// equity (score plus leave) or by score (the greedy player).
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/core/candidates.h"
#include "engine/games/scrabble/leave.h"
#include "engine/games/scrabble/scrabble_game.h"

namespace kibitzer::scrabble {
namespace {

struct Ranked {
  Move move;
  double leave = 0;
  double equity = 0;
};

class StaticTask final : public core::SearchTask {
 public:
  StaticTask(Position pos, std::vector<Move> moves, bool greedy, int top)
      : pos_(std::move(pos)), moves_(std::move(moves)), greedy_(greedy), top_(top) {}

  core::Report Run(core::SearchControl& control, core::ProgressSink& sink) override {
    const Side& s = pos_.side(pos_.to_move());
    const Side& other = pos_.side(1 - pos_.to_move());
    std::vector<Ranked> ranked;
    ranked.reserve(moves_.size());
    for (const Move& m : moves_) {
      Rack leave = s.rack;
      leave.RemoveAll(m.Used());
      Ranked r{m, LeaveValue(leave, pos_.bag_size()), 0};
      // Playing out with the bag empty: the other rack's value counts twice in the spread.
      if (m.kind == Move::kPlace && leave.size == 0 && pos_.bag_size() == 0 && other.known) {
        r.leave += 2 * other.rack.Points();
      }
      r.equity = m.score + r.leave;
      ranked.push_back(r);
    }
    std::stable_sort(ranked.begin(), ranked.end(), [&](const Ranked& a, const Ranked& b) {
      return greedy_ ? a.move.score > b.move.score : a.equity > b.equity;
    });
    core::Report r;
    for (size_t i = 0; i < ranked.size() && static_cast<int>(i) < top_; ++i) {
      const Ranked& x = ranked[i];
      core::MoveValue mv;
      mv.move = pos_.Format(x.move);
      mv.value = greedy_ ? x.move.score : x.equity;
      mv.bound = greedy_ ? core::Bound::kExact : core::Bound::kEstimate;
      mv.depth = 1;
      mv.display =
          absl::StrFormat("%d points, leave %+.1f, equity %.1f", x.move.score, x.leave, x.equity);
      mv.metrics = {{"score", static_cast<double>(x.move.score), "points the play scores"},
                    {"leave", x.leave, "the value of the tiles kept"},
                    {"equity", x.equity, "score plus leave"}};
      r.moves.push_back(std::move(mv));
    }
    if (!r.moves.empty()) r.best_move = r.moves.front().move;
    r.depth = 1;
    r.nodes = moves_.size();
    r.statistics = {{"plays", static_cast<double>(moves_.size()), "legal moves ranked"}};
    r.elapsed_seconds = control.ElapsedSeconds();
    sink.OnProgress(r);
    r.final = true;
    r.stop_reason = core::StopReason::kCompleted;
    return r;
  }

 private:
  Position pos_;
  std::vector<Move> moves_;
  bool greedy_;
  int top_;
};

}  // namespace

absl::StatusOr<std::unique_ptr<core::SearchTask>> PrepareScrabbleSearch(
    const core::GameInfo& info, const ScrabbleState& state, const core::SearchSpec& spec) {
  absl::StatusOr<core::OptionValues> options =
      core::OptionValues::Parse(info.search_options, spec.options, "options");
  if (!options.ok()) return options.status();
  const Position& pos = state.position();
  if (pos.over()) {
    return absl::InvalidArgumentError(absl::StrCat("position: the game is over (", pos.Outcome(),
                                                   "); there is no move to search"));
  }
  if (!pos.side(pos.to_move()).known) {
    return absl::InvalidArgumentError(
        absl::StrCat("position: seat ", SeatName(pos.to_move()),
                     " is to move and its rack is not known; give it in the CGP"));
  }
  if (spec.limits.samples != 0) {
    return absl::InvalidArgumentError(
        "limits.samples: static analysis samples nothing; leave it 0");
  }
  if (absl::Status f = core::NoFixedCards(spec, "static analysis samples no racks"); !f.ok()) {
    return f;
  }
  absl::StatusOr<std::vector<Move>> moves = core::CandidateMoves(
      spec.limits, AllMoves(pos),
      [&](const std::string& text, const std::string& field) -> absl::StatusOr<Move> {
        absl::StatusOr<Move> m = pos.Parse(text, field);
        if (!m.ok()) return m.status();
        if (const std::string why = pos.WhyIllegal(&*m); !why.empty()) {
          return absl::InvalidArgumentError(
              absl::StrCat(field, ": '", pos.Format(*m), "' is not legal: ", why));
        }
        return m;
      },
      "move");
  if (!moves.ok()) return moves.status();
  return std::make_unique<StaticTask>(pos, *std::move(moves),
                                      options->GetString("algorithm") == "greedy",
                                      static_cast<int>(options->GetInt("top")));
}

}  // namespace kibitzer::scrabble
