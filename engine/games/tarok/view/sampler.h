// Layouts consistent with what one seat knows: the hidden hands (their sizes, the voids and the
// lack of taroks they have shown), hidden talon cards and the declarer's hidden discards (never
// kings, trula or taroks, which would have been shown), and the talon cards the declarer took
// (in his hand or among those discards), and every card a hidden player played legal with the
// hand sampled for him (so not beating in klop shows he could not). Exactly uniform over the
// consistent layouts: the cards fall into a few types by the places they may go, the layouts
// are counted type by type (a small table over the places' remaining sizes), and each type's
// split over its places is drawn with probability proportional to the layouts it leaves.
#pragma once

#include <array>
#include <string>
#include <unordered_map>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/rng.h"
#include "engine/games/tarok/rules/round.h"

namespace kibitzer::tarok {

struct Layout {
  std::array<Mask, kMaxPlayers> hands{};  // current hands of the hidden players (others 0)
  std::array<int8_t, 6> talon{};          // the talon with hidden cards filled in
  Mask discards = 0;                      // the hidden discards
};

// Cards fixed to hidden hands, each "SEAT:CARDS" (seat 1..3, or 1..4 with four `players`:
// "1:XXI,SK"); errors name `field`[i].
absl::StatusOr<std::array<Mask, kMaxPlayers>> ParseFixedCards(const std::vector<std::string>& fixed,
                                                              int players,
                                                              const std::string& field);

// The error when a sampler with cards fixed finds no layout (its Sample gives up).
absl::Status NoLayoutWithTheFixedCards();

class Sampler {
 public:
  // `fixed[p]` are cards placed in hidden hand p. Errors name `field`.
  static absl::StatusOr<Sampler> Make(const Round& round,
                                      const std::array<Mask, kMaxPlayers>& fixed,
                                      const std::string& field);
  // Draws one layout; false when none was found in many tries.
  bool Sample(core::Rng& rng, Layout* out) const;
  // The play state of `round` completed with `layout`.
  PlayState Complete(const Layout& layout) const;
  // Cards no one is known to hold (before sampling).
  Mask unseen() const { return pool_; }
  // The cards hidden player `p` may hold, by what his play has shown.
  Mask allowed(int p) const { return allowed_[p]; }

 private:
  bool Consistent(const Layout& layout) const;
  double Count(size_t type, uint32_t caps);
  void Finish();

  // Places 0..3 the hidden hands (3 unused with three players), then the hidden talon cards and
  // the hidden discards.
  static constexpr int kTalonPlace = kMaxPlayers;
  static constexpr int kDiscardPlace = kMaxPlayers + 1;
  static constexpr int kPlaces = kMaxPlayers + 2;
  struct Type {
    uint8_t places = 0;  // bit per place
    std::vector<int> cards;
  };
  std::vector<Type> types_;
  uint32_t caps_ = 0;  // 5 bits per place: how many hidden cards each still takes
  std::unordered_map<uint64_t, double> counts_;  // (type, caps) -> layouts

  const Round* round_ = nullptr;
  std::array<int, kPlaces> need_{};
  std::array<Mask, kPlaces> allowed_{};
  std::array<Mask, kMaxPlayers> fixed_{};
  Mask pool_ = 0;           // cards to place
  Mask declarer_only_ = 0;  // of the pool: the taken talon cards (declarer's hand or discards)
};

// The cards the player to move might hold: his hand when known, else what he could hold.
Mask Candidates(const Round& round, int player);

}  // namespace kibitzer::tarok
