// Test helpers: random tarok positions, and a player's view of one.
#pragma once

#include <optional>
#include <string>

#include "engine/core/rng.h"
#include "engine/games/tarok/rules/deal.h"
#include "engine/games/tarok/tarok_game.h"
#include "gtest/gtest.h"

namespace kibitzer::tarok {

inline constexpr Contract kPlayed[] = {
    Contract::kKlop,       Contract::kThree,       Contract::kTwo,
    Contract::kOne,        Contract::kBeggar,      Contract::kSoloWithout,
    Contract::kOpenBeggar, Contract::kColourValat, Contract::kValat};

inline constexpr Contract kPlayedByFour[] = {
    Contract::kKlop,        Contract::kThree,      Contract::kTwo,         Contract::kOne,
    Contract::kSoloThree,   Contract::kSoloTwo,    Contract::kSoloOne,     Contract::kBeggar,
    Contract::kSoloWithout, Contract::kOpenBeggar, Contract::kColourValat, Contract::kValat};

// A random position: a seeded deal of `players`, a contract and declarer, and `plies` random
// legal moves after the bidding (king, talon, discards, cards), stopping early when the game
// ends.
inline core::PositionSpec RandomPosition(core::Rng& rng, int plies, int players = 3) {
  const DealCards d = RandomDeal(rng, players);
  const Contract c = players == 4 ? kPlayedByFour[rng.Below(12)] : kPlayed[rng.Below(9)];
  const int declarer =
      c == Contract::kKlop ? -1 : static_cast<int>(rng.Below(static_cast<uint64_t>(players)));
  Round r(Rules{}, d, c, declarer);
  core::PositionSpec spec;
  spec.variant = "openspiel";
  spec.notation = DealNotation(d);
  spec.options["contract"] = ContractName(c);
  if (declarer >= 0) spec.options["declarer"] = std::to_string(declarer + 1);
  for (int i = 0; i < plies && r.phase() != Phase::kDone; ++i) {
    const std::vector<Move> moves = r.LegalMoves();
    const Move m = moves[rng.Below(moves.size())];
    if (r.phase() == Phase::kPlay && r.play().TricksDone() == r.play().Tricks() - 1) break;
    spec.moves.push_back(MoveText(m));
    r.Apply(m);
    if (r.phase() == Phase::kDone) {
      spec.moves.pop_back();
      break;
    }
  }
  return spec;
}

// A random position (RandomPosition) in the play that `keep` accepts, seen from the seat of the
// player to move; nullopt when it is not in the play or not kept. `*round` gets the full round.
template <typename Keep>
std::optional<core::PositionSpec> MoversView(const TarokGame& game, core::Rng& rng, int plies,
                                             Keep keep, std::optional<Round>* round,
                                             int players = 3) {
  core::PositionSpec spec = RandomPosition(rng, plies, players);
  auto full = game.Setup(spec);
  EXPECT_TRUE(full.ok()) << full.status();
  if (!full.ok()) return std::nullopt;
  const Round& r = static_cast<const TarokState&>(**full).round();
  if (r.phase() != Phase::kPlay || !keep(r)) return std::nullopt;
  round->emplace(r);
  spec.seat = std::to_string(r.ToMove() + 1);
  return spec;
}

}  // namespace kibitzer::tarok
