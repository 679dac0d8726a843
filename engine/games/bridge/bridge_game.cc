#include "engine/games/bridge/bridge_game.h"

namespace kibitzer::bridge {
BridgeGame::BridgeGame() : info_(MakeBridgeInfo()) {}

absl::StatusOr<std::unique_ptr<BridgeState>> BridgeGame::SetupState(
    const core::PositionSpec& spec) const {
  return SetupBridge(spec);
}

absl::StatusOr<core::DealResult> BridgeGame::DealState(const BridgeState& state,
                                                       const core::DealSpec& spec) const {
  return DealBridge(state, spec);
}

absl::StatusOr<std::unique_ptr<core::SearchTask>> BridgeGame::PrepareState(
    const BridgeState& state, const core::SearchSpec& spec) const {
  return PrepareBridgeSearch(state, spec);
}

absl::StatusOr<std::vector<core::LinePoint>> BridgeGame::LineState(
    const BridgeState& state, const core::PositionSpec&) const {
  // The record's play and the moves, from the hands as dealt; dummy's cards are declarer's.
  absl::StatusOr<std::vector<core::LinePoint>> points = core::LineOfMoves(*this, state.AsDealt());
  if (!points.ok()) return points;
  const SeatView& view = state.view();
  std::optional<int> declarer = view.declarer;
  if (!declarer && view.hand_size == 13) declarer = (view.leader + 3) & 3;
  if (!declarer) return points;
  const std::string dummy(1, SeatChar(Partner(*declarer)));
  for (core::LinePoint& p : *points) {
    if (p.player == dummy) p.player = std::string(1, SeatChar(*declarer));
  }
  return points;
}

}  // namespace kibitzer::bridge
