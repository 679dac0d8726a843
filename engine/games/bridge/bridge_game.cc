#include "engine/games/bridge/bridge_game.h"

namespace kibitzer::bridge {
namespace {

const BridgeState* AsBridge(const core::GameState& state) {
  return dynamic_cast<const BridgeState*>(&state);
}

}  // namespace

BridgeGame::BridgeGame() : info_(MakeBridgeInfo()) {}

absl::StatusOr<std::unique_ptr<core::GameState>> BridgeGame::Setup(
    const core::PositionSpec& spec) const {
  absl::StatusOr<std::unique_ptr<BridgeState>> state = SetupBridge(info_, spec);
  if (!state.ok()) return state.status();
  return std::unique_ptr<core::GameState>(*std::move(state));
}

absl::StatusOr<core::DealResult> BridgeGame::Deal(const core::GameState& state,
                                                  const core::DealSpec& spec) const {
  const BridgeState* s = AsBridge(state);
  if (s == nullptr) return absl::InternalError("position is not a bridge position");
  return DealBridge(*s, spec);
}

absl::StatusOr<std::unique_ptr<core::SearchTask>> BridgeGame::PrepareSearch(
    const core::GameState& state, const core::SearchSpec& spec) const {
  const BridgeState* s = AsBridge(state);
  if (s == nullptr) return absl::InternalError("position is not a bridge position");
  return PrepareBridgeSearch(info_, *s, spec);
}

}  // namespace kibitzer::bridge
