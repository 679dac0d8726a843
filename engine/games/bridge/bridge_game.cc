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

}  // namespace kibitzer::bridge
