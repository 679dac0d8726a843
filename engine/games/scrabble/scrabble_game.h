// Scrabble behind the type-erased Game interface.
//
// Position: CGP (the position notation) or a GCG record (the position after its last move), the
// rules as position options (end, exchange_min, scoreless_turns), the lexicon by CGP `lex NAME;`,
// GCG `#lexicon NAME` or options[lexicon] (default SCOWL80), the seat to move as options[to_move]
// (the CGP lists the mover first), the bag's order as the CGP opcode `bag TILES;` when known, and
// moves applied after it. Seats are "1" and "2"; a seat's view (Position.seat set) knows
// its own rack and the board; the other rack and the bag's order are sampled
// by Deal.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>

#include "engine/core/game.h"
#include "engine/games/scrabble/lexicon/lexicon_store.h"
#include "engine/games/scrabble/rules/position.h"
#include "engine/search/monte_carlo.h"

namespace kibitzer::scrabble {

// The last move of a record (or of the moves applied after a position) and the position before
// it: what rack inference reads.
struct LastPlay {
  Position before;
  Move move;
};

// One move of a GCG record, for a review: its line in the text, the mover's rack as the record
// gives it, the move as the engine writes it, and whether it was withdrawn as a phony.
struct RecordMove {
  int number = 0;
  std::string rack;
  int seat = 0;
  std::string move;
  bool phony = false;
};

class ScrabbleState final : public core::GameState {
 public:
  ScrabbleState(Position pos, std::string seat, bool seat_view, core::OptionMap rule_options,
                std::array<std::string, 2> nicks, std::optional<LastPlay> last = std::nullopt)
      : pos_(std::move(pos)),
        seat_(std::move(seat)),
        seat_view_(seat_view),
        rule_options_(std::move(rule_options)),
        nicks_(std::move(nicks)),
        last_(std::move(last)) {}
  const std::optional<LastPlay>& last_play() const { return last_; }
  const Position& position() const { return pos_; }
  bool seat_view() const { return seat_view_; }
  // The seat whose view it is: the named seat of a seat view, else the side to move.
  int viewer() const { return seat_view_ ? (seat_ == "2" ? 1 : 0) : pos_.to_move(); }
  const core::OptionMap& rule_options() const { return rule_options_; }
  // A rack partly known (a leave, its draw not told) has no CGP: the position keeps the spec it
  // was set up from as its canonical form.
  void KeepAsGiven(core::PositionSpec spec) { as_given_ = std::move(spec); }
  const std::string& seat() const { return seat_; }
  // The moves of the GCG record it was set up from (empty for a CGP).
  void SetRecordMoves(std::vector<RecordMove> moves) { record_moves_ = std::move(moves); }
  const std::vector<RecordMove>& record_moves() const { return record_moves_; }

  core::PositionSpec Normalized() const override;
  std::string SideToMove() const override;
  std::vector<std::string> LegalMoves() const override;
  bool IsTerminal() const override { return pos_.over(); }
  std::string Outcome() const override { return pos_.Outcome(); }
  core::Knowledge GetKnowledge() const override;
  std::string Record() const override;

 private:
  Position pos_;
  std::string seat_;
  bool seat_view_;
  core::OptionMap rule_options_;  // as given, checked
  std::array<std::string, 2> nicks_;
  std::optional<LastPlay> last_;
  std::optional<core::PositionSpec> as_given_;
  std::vector<RecordMove> record_moves_;
};

class ScrabbleGame final : public core::TypedGame<ScrabbleState> {
 public:
  explicit ScrabbleGame(std::shared_ptr<const LexiconStore> lexica);
  const core::GameInfo& Info() const override { return info_; }

 private:
  absl::StatusOr<std::unique_ptr<ScrabbleState>> SetupState(
      const core::PositionSpec& spec) const override;
  absl::StatusOr<core::DealResult> DealState(const ScrabbleState& state,
                                             const core::DealSpec& spec) const override;
  absl::StatusOr<std::unique_ptr<core::SearchTask>> PrepareState(
      const ScrabbleState& state, const core::SearchSpec& spec) const override;
  absl::StatusOr<std::vector<core::LinePoint>> LineState(
      const ScrabbleState& state, const core::PositionSpec& given) const override;

  std::shared_ptr<const LexiconStore> lexica_;
  core::GameInfo info_;
};

// The pieces of scrabble_game, in their own files.
core::GameInfo MakeScrabbleInfo(const LexiconStore& lexica);

// Scrabble's position and search options, declared once (scrabble_setup.cc).
struct PositionOptions {
  core::Given<bool> classic_end;  // option end: classic (or double)
  core::Given<int> exchange_min;
  core::Given<int> scoreless_turns;
  std::string lexicon;
  int to_move = 0;  // in a CGP: 0 or 1 (seat 1 or 2)
};
enum class SearchAlgorithm { kSim, kStatic, kGreedy, kEndgame, kPreEndgame, kPeg };
enum class RankBy { kSpread, kWin, kLateWin };
struct SearchOptions {
  core::Given<SearchAlgorithm> algorithm;
  int top = 0;
  int plies = 0;
  int candidates = 0;
  RankBy objective = RankBy::kSpread;
  bool to_end = false;
  core::Given<int> late_bag;
  int endgame_nodes = 0;
  bool first_win = false;
  bool infer = false;
  int infer_tolerance = 0;
  int infer_trials = 0;
  search::MonteCarloOptions monte_carlo;
};
const core::OptionSet<PositionOptions>& PositionOptionSet();
const core::OptionSet<SearchOptions>& SearchOptionSet();

absl::StatusOr<std::unique_ptr<ScrabbleState>> SetupScrabble(const LexiconStore& lexica,
                                                             const core::PositionSpec& spec);
absl::StatusOr<std::unique_ptr<core::SearchTask>> PrepareScrabbleSearch(
    const ScrabbleState& state, const core::SearchSpec& spec);
// Every legal move of the side to move, scored, placements first (best score first), then
// exchanges and the pass; empty when its rack is not known or the game is over.
std::vector<Move> AllMoves(const Position& pos);

}  // namespace kibitzer::scrabble
