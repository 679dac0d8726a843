// Contract bridge behind the type-erased Game interface: card play of a fully known layout,
// analysed double-dummy.
//
// Position: the four hands in PBN at the start of a trick (Position.notation), the strain and the
// seat on lead as position options ("trump": S, H, D, C or N; "leader": N, E, S or W), and the
// cards played since then as moves. The canonical form keeps the cards of the trick in progress
// as moves (PBN cannot write a trick in progress), all earlier tricks folded into the hands.
#pragma once

#include <memory>

#include "engine/core/game.h"
#include "engine/games/bridge/play.h"

namespace kibitzer::bridge {

class BridgeState final : public core::GameState {
 public:
  BridgeState(const PlayPosition& position, std::string seat)
      : position_(position), seat_(std::move(seat)) {}
  const PlayPosition& position() const { return position_; }

  std::unique_ptr<core::GameState> Clone() const override;
  core::PositionSpec Normalized() const override;
  std::string SideToMove() const override;
  std::vector<std::string> LegalMoves() const override;
  bool IsTerminal() const override { return position_.Finished(); }
  std::string Outcome() const override;
  core::Knowledge GetKnowledge() const override;

 private:
  PlayPosition position_;
  std::string seat_;
};

class BridgeGame final : public core::Game {
 public:
  BridgeGame();
  const core::GameInfo& Info() const override { return info_; }
  absl::StatusOr<std::unique_ptr<core::GameState>> Setup(
      const core::PositionSpec& spec) const override;
  absl::StatusOr<core::DealResult> Deal(const core::GameState& state,
                                        const core::DealSpec& spec) const override;
  absl::StatusOr<std::unique_ptr<core::SearchTask>> PrepareSearch(
      const core::GameState& state, const core::SearchSpec& spec) const override;

 private:
  core::GameInfo info_;
};

}  // namespace kibitzer::bridge
