#include "engine/games/bigtwo/view/sampler.h"

#include "absl/strings/str_cat.h"
#include "engine/core/fixed_cards.h"

namespace kibitzer::bigtwo {

absl::Status NoLayoutWithTheFixedCards() {
  return absl::InvalidArgumentError(
      "fixed: no layout found in which the leader holds the lowest card dealt");
}

absl::StatusOr<Hands> ParseFixedCards(const State& view, const std::vector<std::string>& fixed,
                                      const std::string& field) {
  std::vector<std::string> seats;
  for (int p = 0; p < view.NumPlayers(); ++p) seats.push_back(std::to_string(p + 1));
  absl::StatusOr<std::vector<core::FixedCards>> entries =
      core::ParseFixedCards(fixed, seats, field, "2:2S,AS");
  if (!entries.ok()) return entries.status();
  Hands out{};
  for (const core::FixedCards& e : *entries) {
    absl::StatusOr<Mask> cards = ParseCards(e.cards, view.rules().variant, e.field);
    if (!cards.ok()) return cards.status();
    out[static_cast<size_t>(e.seat)] |= *cards;
  }
  return out;
}

absl::StatusOr<Sampler> Sampler::Make(const State& view, const Hands& fixed,
                                      const std::string& field) {
  Sampler s;
  s.view_ = &view;
  const int n = view.NumPlayers();
  Mask seen = 0;
  for (int p = 0; p < n; ++p) seen |= view.played(p) | (view.Known(p) ? view.hand(p) : 0);
  const Mask unseen = kDeck & ~seen;  // not in a known hand and not played
  // The lowest card dealt: the first play's lowest card, or the leader's lowest before it.
  int lowest = -1;
  if (view.ply() > 0) {
    lowest = __builtin_ctzll(view.history(0).cards);
  } else if (view.Known(view.CurrentPlayer()) && view.hand(view.CurrentPlayer()) != 0) {
    lowest = __builtin_ctzll(view.hand(view.CurrentPlayer()));
  } else {
    s.leader_check_ = view.CurrentPlayer();
  }
  const Mask below = lowest >= 0 ? Bit(lowest) - 1 : 0;
  Mask all_fixed = 0;
  for (int p = 0; p < n; ++p) {
    if (fixed[p] == 0) continue;
    if (view.Known(p)) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": seat ", p + 1, "'s hand is known; fix only hidden cards"));
    }
    const Mask bad = fixed[p] & ~(unseen & ~below);
    if (bad != 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          field, ": ", CardName(__builtin_ctzll(bad), view.rules().variant), " cannot be in seat ",
          p + 1, "'s hand (it is known, played or was not dealt)"));
    }
    if (fixed[p] & all_fixed) {
      return absl::InvalidArgumentError(absl::StrCat(
          field, ": ", CardName(__builtin_ctzll(fixed[p] & all_fixed), view.rules().variant),
          " is fixed to two hands"));
    }
    if (__builtin_popcountll(fixed[p]) > view.count(p)) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": seat ", p + 1, " holds only ", view.count(p), " cards"));
    }
    all_fixed |= fixed[p];
  }
  s.fixed_ = fixed;
  s.pool_ = unseen & ~below & ~all_fixed;
  int needed = 0;
  for (int p = 0; p < n; ++p) {
    if (!view.Known(p)) needed += view.count(p) - __builtin_popcountll(fixed[p]);
  }
  if (needed > __builtin_popcountll(s.pool_)) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": the hidden hands need ", needed, " more cards but only ",
                     __builtin_popcountll(s.pool_), " can be theirs"));
  }
  return s;
}

bool Sampler::Sample(core::Rng& rng, Hands* out) const {
  const State& view = *view_;
  const int n = view.NumPlayers();
  int cards[kCards];
  int size = 0;
  for (Mask m = pool_; m; m &= m - 1) cards[size++] = __builtin_ctzll(m);
  for (int attempt = 0; attempt < 1000; ++attempt) {
    rng.Shuffle(cards, cards + size);
    int next = 0;
    Mask dealt = 0;
    for (int p = 0; p < n; ++p) {
      (*out)[p] = 0;
      if (view.Known(p)) {
        dealt |= view.hand(p) | view.played(p);
        continue;
      }
      Mask h = fixed_[p];
      for (int k = __builtin_popcountll(h); k < view.count(p); ++k) h |= Bit(cards[next++]);
      (*out)[p] = h;
      dealt |= h | view.played(p);
    }
    if (leader_check_ < 0) return true;
    const Mask leader = (*out)[leader_check_];
    if (leader != 0 && __builtin_ctzll(dealt) == __builtin_ctzll(leader)) return true;
  }
  return false;
}

}  // namespace kibitzer::bigtwo
