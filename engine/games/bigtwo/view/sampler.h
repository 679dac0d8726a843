// Layouts of the hidden cards of a Big Two view: every unknown hand gets as many cards as it
// holds now, the rest of the unseen cards are out of play (2 or 3 players), uniformly among all
// layouts consistent with what the view has seen: its own hand, every card played, cards the
// caller fixes, and the lowest card dealt leading the first play (so unseen cards below the first
// play's lowest card were not dealt). Deterministic for a given Rng; allocates nothing.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/rng.h"
#include "engine/games/bigtwo/rules/state.h"

namespace kibitzer::bigtwo {

using Hands = std::array<Mask, kMaxPlayers>;

// Cards fixed to hands, each "SEAT:CARDS" with a seat from 1 ("2:2S,AH"); errors name
// `field`[i].
absl::StatusOr<Hands> ParseFixedCards(const State& view, const std::vector<std::string>& fixed,
                                      const std::string& field);

// The error when a sampler with cards fixed finds no layout (its Sample gives up).
absl::Status NoLayoutWithTheFixedCards();

class Sampler {
 public:
  // `fixed[p]`: cards that hand p holds now (only for unknown hands). Errors name `field`.
  static absl::StatusOr<Sampler> Make(const State& view, const Hands& fixed,
                                      const std::string& field);

  // The current cards of every unknown hand (known hands are left 0); false when the rejection
  // step (only before the first play, with the leader's hand unknown) found nothing.
  bool Sample(core::Rng& rng, Hands* out) const;

 private:
  const State* view_ = nullptr;
  Hands fixed_{};
  Mask pool_ = 0;          // unseen cards, less fixed ones and ones known to be out of play
  int leader_check_ = -1;  // seat whose hand must hold the lowest card dealt, when unknown
};

}  // namespace kibitzer::bigtwo
