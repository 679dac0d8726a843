// Contract bridge behind the type-erased Game interface: card play, analysed double-dummy when the
// layout is known and by Monte Carlo over sampled layouts when it is seen from one seat.
//
// Position: the hands in PBN at the start of a trick (Position.notation), '-' for a hand not
// known, or a PBN game / LIN record; strain and leader, or the contract and declarer, as position
// options; the cards played since the start as moves. A full layout's canonical form keeps the
// cards of the trick in progress as moves, all earlier tricks folded into the hands. A seat's view
// (some hands unknown, or Position.seat set) keeps every card played as moves: what the play has
// shown (voids, the cards each seat had) is part of the knowledge.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/games/bridge/rules/play.h"
#include "engine/games/bridge/view/seat_view.h"

namespace kibitzer::bridge {

class BridgeState final : public core::GameState {
 public:
  // `view.known` is what the analysing seat knows; `given_hands` and `given` the hands the
  // notation gave (more than the view knows when a seat is named).
  BridgeState(SeatView view, const Hands& given_hands, uint8_t given, bool seat_view,
              std::string seat);
  // The position now; hands not known to the view are empty.
  const PlayPosition& position() const { return view_.now; }
  const SeatView& view() const { return view_; }
  // True when some hand is hidden from the view (Monte Carlo); false for a full layout.
  bool hidden() const { return view_.known != 0xF; }
  const std::string& seat() const { return seat_; }

  core::PositionSpec Normalized() const override;
  std::string SideToMove() const override;
  std::vector<std::string> LegalMoves() const override;
  bool IsTerminal() const override;
  std::string Outcome() const override;
  core::Knowledge GetKnowledge() const override;
  core::TableView Table() const override;  // table_view.cc

  // The position options that restate the contract, dealer and vulnerability where known.
  core::OptionMap ContractOptions() const;
  // The hands as the notation gave them, with every card played since (a record's and the
  // moves), no seat: the line a review walks.
  core::PositionSpec AsDealt() const;

 private:
  SeatView view_;
  Hands given_hands_;
  uint8_t given_;
  bool seat_view_;
  std::string seat_;
};

class BridgeGame final : public core::TypedGame<BridgeState> {
 public:
  BridgeGame();
  const core::GameInfo& Info() const override { return info_; }

 private:
  absl::StatusOr<std::unique_ptr<BridgeState>> SetupState(
      const core::PositionSpec& spec) const override;
  absl::StatusOr<core::DealResult> DealState(const BridgeState& state,
                                             const core::DealSpec& spec) const override;
  absl::StatusOr<std::vector<core::LinePoint>> LineState(
      const BridgeState& state, const core::PositionSpec& given) const override;
  absl::StatusOr<std::unique_ptr<core::SearchTask>> PrepareState(
      const BridgeState& state, const core::SearchSpec& spec) const override;

  core::GameInfo info_;
};

// The pieces of bridge_game, in their own files.
core::GameInfo MakeBridgeInfo();
absl::StatusOr<std::unique_ptr<BridgeState>> SetupBridge(const core::PositionSpec& spec);
absl::StatusOr<std::unique_ptr<core::SearchTask>> PrepareBridgeSearch(const BridgeState& state,
                                                                      const core::SearchSpec& spec);
absl::StatusOr<core::DealResult> DealBridge(const BridgeState& state, const core::DealSpec& spec);

// A sampler for a seat's view with cards fixed to hands ("W:SK,HQ", errors name
// `fixed_field`[i]) and a dealer script (errors name `script_field`; its predeal fixes cards too).
struct ViewSampler {
  std::unique_ptr<dealer::Script> script;  // what the sampler reads; keep it with the sampler
  std::optional<LayoutSampler> sampler;
};
// What a seat's view, the cards fixed and the constraint script ask of the layouts, checked
// (quick: every error names its field).
struct ViewProblem {
  DealProblem problem;
  std::unique_ptr<dealer::Script> script;  // problem.script points into it
  std::string field;                       // where a problem no layout satisfies is named
};
absl::StatusOr<ViewProblem> MakeViewProblem(const SeatView& view,
                                            const std::vector<std::string>& fixed,
                                            absl::string_view fixed_field,
                                            const std::string& constraints,
                                            absl::string_view script_field);
// The sampler of a problem: lists its distributions (up to millions of steps, so a search does it
// on its own thread). INVALID_ARGUMENT naming problem.field when no layout satisfies it.
absl::StatusOr<ViewSampler> MakeViewSampler(ViewProblem problem);
// Both at once (Deal).
absl::StatusOr<ViewSampler> MakeViewSampler(const SeatView& view,
                                            const std::vector<std::string>& fixed,
                                            absl::string_view fixed_field,
                                            const std::string& constraints,
                                            absl::string_view script_field);

}  // namespace kibitzer::bridge
