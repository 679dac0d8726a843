// libFuzzer target: every game's position notation, moves, seat, variant and position options, as
// SetupPosition takes them. The first byte picks the game; the rest is lines: notation, moves
// (space-separated), seat, variant, then KEY=VALUE options; in the notation the byte 0x1E stands
// for a line break (a Scrabble GCG record is many lines). A position that sets up is asked for
// everything SetupPosition answers, and a few layouts are dealt.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "engine/analysis/game_registry.h"

namespace {

const std::vector<const kibitzer::core::Game*>& Games() {
  static kibitzer::analysis::GameRegistry* registry = [] {
    auto* r = new kibitzer::analysis::GameRegistry();
    kibitzer::analysis::RegisterAllGames(*r);
    return r;
  }();
  static const std::vector<const kibitzer::core::Game*> games = registry->games();
  return games;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0 || size > 4096) return 0;
  const kibitzer::core::Game& game = *Games()[data[0] % Games().size()];
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::vector<std::string> lines = absl::StrSplit(text, '\n');
  lines.resize(std::max<size_t>(lines.size(), 4));
  kibitzer::core::PositionSpec spec;
  spec.notation = absl::StrReplaceAll(lines[0], {{"\x1e", "\n"}});
  spec.moves = absl::StrSplit(lines[1], ' ', absl::SkipEmpty());
  spec.seat = lines[2];
  spec.variant = lines[3];
  for (size_t i = 4; i < lines.size(); ++i) {
    std::pair<std::string, std::string> kv = absl::StrSplit(lines[i], absl::MaxSplits('=', 1));
    spec.options[kv.first] = kv.second;
  }
  auto state = game.Setup(spec);
  if (!state.ok()) return 0;
  const kibitzer::core::GameState& s = **state;
  // The contract: the normalized position sets up again.
  if (!game.Setup(s.Normalized()).ok()) __builtin_trap();
  (void)s.SideToMove();
  (void)s.LegalMoves();
  (void)s.IsTerminal();
  (void)s.Outcome();
  (void)s.GetKnowledge();
  kibitzer::core::DealSpec deal;
  deal.count = 2;
  deal.seed = size;
  (void)game.Deal(s, deal);
  return 0;
}
