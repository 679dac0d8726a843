// Big Two behind the type-erased Game interface.
//
// Position: the hands dealt at the start, seat 1 first, separated by spaces ('-' for a hand not
// known), the rules as variant and position options, and the plays since the start as moves
// ("3C", "4D4S", "pass"). Seats are "1".."4". A seat's view (Position.seat set, or some
// hands '-') knows its own hand, every card played and how many cards each
// hand holds; the hidden hands are sampled for analysis.
#pragma once

#include <memory>
#include <string>

#include "engine/core/game.h"
#include "engine/games/bigtwo/rules/state.h"
#include "engine/search/monte_carlo.h"

namespace kibitzer::bigtwo {

class BigTwoState final : public core::GameState {
 public:
  BigTwoState(const State& state, const std::array<Mask, kMaxPlayers>& dealt,
              std::vector<std::string> moves, std::string seat)
      : state_(state), dealt_(dealt), moves_(std::move(moves)), seat_(std::move(seat)) {}
  const State& state() const { return state_; }
  bool hidden() const { return state_.known() != (1 << state_.NumPlayers()) - 1; }

  core::PositionSpec Normalized() const override;
  std::string SideToMove() const override;
  std::vector<std::string> LegalMoves() const override;
  bool IsTerminal() const override { return state_.IsTerminal(); }
  std::string Outcome() const override;
  core::Knowledge GetKnowledge() const override;
  core::TableView Table() const override;  // table_view.cc

 private:
  State state_;
  std::array<Mask, kMaxPlayers> dealt_;  // the known hands as dealt
  std::vector<std::string> moves_;       // canonical
  std::string seat_;
};

class BigTwoGame final : public core::TypedGame<BigTwoState> {
 public:
  BigTwoGame();
  const core::GameInfo& Info() const override { return info_; }

 private:
  absl::StatusOr<std::unique_ptr<BigTwoState>> SetupState(
      const core::PositionSpec& spec) const override;
  absl::StatusOr<core::DealResult> DealState(const BigTwoState& state,
                                             const core::DealSpec& spec) const override;
  absl::StatusOr<std::unique_ptr<core::SearchTask>> PrepareState(
      const BigTwoState& state, const core::SearchSpec& spec) const override;

  core::GameInfo info_;
};

// The pieces of bigtwo_game, in their own files.
core::GameInfo MakeBigTwoInfo();
absl::StatusOr<std::unique_ptr<BigTwoState>> SetupBigTwo(const core::PositionSpec& spec);
// Big Two's search options, declared once (SearchOptionSet, bigtwo_game.cc).
enum class AlgorithmChoice { kAuto, kMaxn, kParanoid };
enum class LeafChoice { kAuto, kRollout, kEval };
struct SearchOptions {
  AlgorithmChoice algorithm = AlgorithmChoice::kAuto;
  LeafChoice leaf = LeafChoice::kAuto;
  search::MonteCarloOptions monte_carlo;
};
const core::OptionSet<SearchOptions>& SearchOptionSet();
absl::StatusOr<std::unique_ptr<core::SearchTask>> PrepareBigTwoSearch(const BigTwoState& state,
                                                                      const core::SearchSpec& spec);
// Parses a play ("pass" or cards) of `state`'s rules; errors name `field`.
absl::StatusOr<Move> ParseMove(const std::string& text, const State& state,
                               const std::string& field);
std::string SeatName(int seat);

}  // namespace kibitzer::bigtwo
