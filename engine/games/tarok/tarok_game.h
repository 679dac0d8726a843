// Slovenian tarok for three or four players behind the type-erased Game interface.
//
// Position: four fields separated by spaces: the hands of seats 1 (forehand), 2 and 3 as
// dealt, each its 16 cards separated by commas ('-' for a hand not known), then the six talon
// cards in order (',' separated; '?' for a card not known, '-' for all six); five fields for four
// players (12 cards a hand). The moves since the deal follow: bids ("pass", "two", ..., "valat";
// after the others pass, the holder names the contract with a contract name), with four players
// the king called in three, two and one ("KH"), the talon group ("talon:0" ..), the discards
// (cards; '?' for one not shown to this seat), then the cards played. Options: preset (the
// variant), the rules options, contract=NAME with declarer=N to start after the bidding;
// Position.seat for one seat's knowledge.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/games/tarok/rules/round.h"
#include "engine/search/monte_carlo.h"

namespace kibitzer::tarok {

class TarokState final : public core::GameState {
 public:
  TarokState(Round round, std::vector<Move> moves, int seat, bool seat_view,
             core::OptionMap position_options)
      : round_(std::move(round)),
        moves_(std::move(moves)),
        seat_(seat),
        seat_view_(seat_view),
        options_(std::move(position_options)) {}
  const Round& round() const { return round_; }
  bool hidden() const;
  int seat() const { return seat_; }
  // " calling KH (partner seat 3)" and the like, for the outcome; "" without a called king.
  std::string Partnership() const;

  core::PositionSpec Normalized() const override;
  std::string SideToMove() const override;
  std::vector<std::string> LegalMoves() const override;
  bool IsTerminal() const override { return round_.phase() == Phase::kDone; }
  std::string Outcome() const override;
  core::Knowledge GetKnowledge() const override;
  core::TableView Table() const override;  // table_view.cc

 private:
  Round round_;
  std::vector<Move> moves_;
  int seat_;
  bool seat_view_;
  core::OptionMap options_;  // contract, declarer and rules options as given
};

class TarokGame final : public core::TypedGame<TarokState> {
 public:
  TarokGame();
  const core::GameInfo& Info() const override { return info_; }

 private:
  absl::StatusOr<std::unique_ptr<TarokState>> SetupState(
      const core::PositionSpec& spec) const override;
  absl::StatusOr<core::DealResult> DealState(const TarokState& state,
                                             const core::DealSpec& spec) const override;
  absl::StatusOr<std::unique_ptr<core::SearchTask>> PrepareState(
      const TarokState& state, const core::SearchSpec& spec) const override;

  core::GameInfo info_;
};

// The pieces of tarok_game, in their own files.
core::GameInfo MakeTarokInfo();
absl::StatusOr<std::unique_ptr<TarokState>> SetupTarok(const core::PositionSpec& spec);
// Tarok's search options, declared once (SearchOptionSet, tarok_game.cc).
enum class Algorithm { kAuto, kExact, kSeed };
struct SearchOptions {
  Algorithm algorithm = Algorithm::kAuto;
  int exact_tricks = 0;
  search::MonteCarloOptions monte_carlo;
};
const core::OptionSet<SearchOptions>& SearchOptionSet();
absl::StatusOr<std::unique_ptr<core::SearchTask>> PrepareTarokSearch(const TarokState& state,
                                                                     const core::SearchSpec& spec);
std::string MoveText(Move m);
// Parses a move of the phase `round` is in; errors name `field`.
absl::StatusOr<Move> ParseMove(const std::string& text, const Round& round,
                               const std::string& field);
// The deal and moves in notation (hands as dealt, '-' when hidden).
std::string DealNotation(const DealCards& deal);

}  // namespace kibitzer::tarok
