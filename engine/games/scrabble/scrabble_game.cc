#include "engine/games/scrabble/scrabble_game.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/games/scrabble/movegen/movegen.h"
#include "engine/games/scrabble/notation/notation.h"
#include "engine/games/scrabble/players.h"
#include "engine/games/scrabble/sim/sampler.h"

namespace kibitzer::scrabble {

std::vector<Move> AllMoves(const Position& pos) {
  std::vector<Move> moves;
  if (pos.over() || !pos.side(pos.to_move()).known) return moves;
  MoveGenerator gen(pos.kwg());
  moves.reserve(4096);  // most positions' plays: the generator then allocates nothing
  GenerateAll(pos, gen, &moves);
  // Placements by score, best first (the generator's order among equals), then the rest.
  const auto places = std::find_if(moves.begin(), moves.end(),
                                   [](const Move& m) { return m.kind != Move::kPlace; });
  std::stable_sort(moves.begin(), places,
                   [](const Move& a, const Move& b) { return a.score > b.score; });
  return moves;
}

core::PositionSpec ScrabbleState::Normalized() const {
  if (as_given_.has_value()) return *as_given_;
  core::PositionSpec spec;
  spec.variant = "english";
  spec.notation = FormatCgp(pos_);
  spec.seat = seat_;
  spec.options = rule_options_;
  spec.options.erase("lexicon");
  spec.options.erase("to_move");
  if (pos_.to_move() == 1) spec.options["to_move"] = "2";
  return spec;
}

std::string ScrabbleState::SideToMove() const {
  return pos_.over() ? "" : SeatName(pos_.to_move());
}

std::vector<std::string> ScrabbleState::LegalMoves() const {
  std::vector<std::string> out;
  for (const Move& m : AllMoves(pos_)) out.push_back(pos_.Format(m));
  return out;
}

core::Knowledge ScrabbleState::GetKnowledge() const {
  core::Knowledge k;
  k.known.push_back(
      absl::StrCat("the board: ", pos_.board().tile_count(), " tiles; lexicon ", pos_.lexicon()));
  k.known.push_back(absl::StrCat("scores: seat 1 ", pos_.score(0), ", seat 2 ", pos_.score(1),
                                 "; scoreless turns in a row: ", pos_.zero_turns()));
  for (int seat = 0; seat < 2; ++seat) {
    const Side& s = pos_.side(seat);
    if (s.known) {
      k.known.push_back(absl::StrCat("seat ", SeatName(seat),
                                     "'s rack: ", s.size == 0 ? "empty" : FormatRack(s.rack)));
    } else {
      k.hidden.push_back(absl::StrCat("seat ", SeatName(seat), "'s rack of ", s.size, " tiles"));
      k.hidden_cards += s.size;
    }
  }
  if (pos_.bag_known()) {
    k.known.push_back(absl::StrCat("the bag's ", pos_.bag_size(), " tiles in drawing order"));
  } else {
    k.hidden.push_back(absl::StrCat("the bag's ", pos_.bag_size(),
                                    " tiles (unseen: ", FormatRack(pos_.Unseen(viewer())), ")"));
    k.hidden_cards += pos_.bag_size();
  }
  return k;
}

std::string ScrabbleState::Record() const { return FormatGcg(pos_, nicks_); }

ScrabbleGame::ScrabbleGame(std::shared_ptr<const LexiconStore> lexica)
    : lexica_(std::move(lexica)), info_(MakeScrabbleInfo(*lexica_)) {}

absl::StatusOr<std::unique_ptr<ScrabbleState>> ScrabbleGame::SetupState(
    const core::PositionSpec& spec) const {
  return SetupScrabble(*lexica_, spec);
}

absl::StatusOr<core::DealResult> ScrabbleGame::DealState(const ScrabbleState& state,
                                                         const core::DealSpec& spec) const {
  const Position& pos = state.position();
  const int viewer = state.viewer();
  if (pos.side(1 - viewer).known && (pos.bag_known() || pos.bag_size() == 0)) {
    return core::DealOfFullLayout(state, spec, "both racks and the bag's order are known");
  }
  if (!spec.constraints.empty()) {
    return absl::InvalidArgumentError(
        "constraints: Scrabble takes no constraint script; fix tiles to the hidden rack with "
        "fixed (SEAT:TILES)");
  }
  if (!pos.side(viewer).known) {
    return absl::InvalidArgumentError(
        absl::StrCat("position: seat ", SeatName(viewer),
                     "'s rack is not known; a deal is drawn from a seat's view of its own rack "
                     "(after its move, tell the tiles it drew as +TILES)"));
  }
  absl::StatusOr<RackSampler> sampler = RackSampler::Make(pos, viewer, spec.fixed);
  if (!sampler.ok()) return sampler.status();
  core::DealResult result;
  for (int i = 0; i < spec.count && !spec.Stopped(); ++i) {
    core::Rng rng = core::Rng::ForStream(spec.seed, static_cast<uint64_t>(i));
    // A layout is a full position, seen by all: no seat.
    ScrabbleState layout(sampler->Sample(rng), "", false, state.rule_options(), {});
    result.layouts.push_back(layout.Normalized());
  }
  return result;
}

absl::StatusOr<std::unique_ptr<core::SearchTask>> ScrabbleGame::PrepareState(
    const ScrabbleState& state, const core::SearchSpec& spec) const {
  return PrepareScrabbleSearch(state, spec);
}

absl::StatusOr<std::vector<core::LinePoint>> ScrabbleGame::LineState(
    const ScrabbleState& state, const core::PositionSpec& given) const {
  // A record's moves, each with its position: the record up to it and the mover's rack as a
  // pragma (so that the position knows the plays before it, as a search's inference reads them);
  // then the moves played after the record.
  std::vector<core::LinePoint> line;
  const std::vector<absl::string_view> text = absl::StrSplit(given.notation, '\n');
  for (const RecordMove& r : state.record_moves()) {
    core::LinePoint& p = line.emplace_back();
    p.before.variant = "english";
    p.before.options = given.options;
    for (int i = 0; i + 1 < r.number; ++i) absl::StrAppend(&p.before.notation, text[i], "\n");
    absl::StrAppend(&p.before.notation, "#rack", r.seat + 1, " ", r.rack, "\n");
    p.move = r.move;
    p.player = SeatName(r.seat);
    if (r.phony) p.note = "withdrawn as a phony: its words are not all in the lexicon";
  }
  absl::StatusOr<std::vector<core::LinePoint>> after = core::LineOfMoves(*this, given);
  if (!after.ok()) return after.status();
  for (core::LinePoint& p : *after) line.push_back(std::move(p));
  return line;
}

}  // namespace kibitzer::scrabble
