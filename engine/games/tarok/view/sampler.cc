#include "engine/games/tarok/view/sampler.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "engine/core/fixed_cards.h"

namespace kibitzer::tarok {

absl::StatusOr<std::array<Mask, kMaxPlayers>> ParseFixedCards(const std::vector<std::string>& fixed,
                                                              int players,
                                                              const std::string& field) {
  std::vector<std::string> seats;
  for (int p = 0; p < players; ++p) seats.push_back(SeatName(p));
  absl::StatusOr<std::vector<core::FixedCards>> entries =
      core::ParseFixedCards(fixed, seats, field, "2:XXI,KH");
  if (!entries.ok()) return entries.status();
  std::array<Mask, kMaxPlayers> out{};
  for (const core::FixedCards& e : *entries) {
    absl::StatusOr<Mask> cards = ParseCards(e.cards, e.field);
    if (!cards.ok()) return cards.status();
    out[static_cast<size_t>(e.seat)] |= *cards;
  }
  return out;
}

absl::Status NoLayoutWithTheFixedCards() {
  return absl::InvalidArgumentError(
      "fixed: no layout found that fits the fixed cards and the voids shown");
}

namespace {

// The cards the seat sees placed: discards it knows, cards played, the known hands.
Mask SeenCards(const Round& round) {
  Mask known = round.discards();
  for (int p = 0; p < round.players(); ++p) {
    known |= round.played(p);
    if (round.known(p)) known |= round.hand(p);
  }
  return known;
}

// Each card a hidden player played shows the cards he did not hold then: any card that, held
// beside it, would have made it illegal. (Legality is decided card against card: follow suit,
// tarok when void, beat when able, pagat last or forced.)
template <size_t N>
void NarrowByPlay(const Round& round, std::array<Mask, N>& allowed) {
  if (round.phase() != Phase::kPlay && round.phase() != Phase::kDone) return;
  PlayState replay = round.play_start();
  for (int8_t c : round.cards_played()) {
    const int p = replay.ToMove();
    if (!round.known(p)) {
      for (Mask m = kAllCards & ~Bit(c); m != 0; m &= m - 1) {
        const Mask x = m & -m;
        if (!(replay.LegalCards(Bit(c) | x) & Bit(c))) allowed[p] &= ~x;
      }
    }
    replay.PlayHidden(c);
  }
}

// Cards fixed to seat p's hidden hand, checked against what the seat knows (`pool`: the cards to
// place; `allowed`: where the play allows them; `need`: how many p still takes).
absl::Status CheckFixedHand(const Round& round, const std::array<Mask, kMaxPlayers>& fixed, int p,
                            Mask pool, Mask allowed, int need, const std::string& field) {
  if (round.known(p)) {
    if ((fixed[p] & ~round.hand(p)) != 0) {
      return absl::InvalidArgumentError(absl::StrCat(field, ": seat ", SeatName(p),
                                                     "'s hand is known and does not hold ",
                                                     FormatCards(fixed[p] & ~round.hand(p))));
    }
    return absl::OkStatus();
  }
  if (const Mask bad = fixed[p] & ~pool; bad != 0) {
    return absl::InvalidArgumentError(absl::StrCat(field, ": ", FormatCards(bad),
                                                   " cannot be in seat ", SeatName(p),
                                                   "'s hand (known to be elsewhere or played)"));
  }
  if (const Mask bad = fixed[p] & ~allowed; bad != 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        field, ": seat ", SeatName(p), " has shown a void that excludes ", FormatCards(bad)));
  }
  for (int q = 0; q < round.players(); ++q) {
    if (q != p && (fixed[q] & fixed[p])) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": ", FormatCards(fixed[q] & fixed[p]), " fixed to two hands"));
    }
  }
  if (std::popcount(fixed[p]) > need) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": seat ", SeatName(p), " holds only ", need, " hidden cards"));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Sampler> Sampler::Make(const Round& round,
                                      const std::array<Mask, kMaxPlayers>& fixed,
                                      const std::string& field) {
  Sampler s;
  s.round_ = &round;
  const int d = round.declarer();
  const Mask known = SeenCards(round);
  Mask talon_known = 0;
  int talon_hidden = 0;
  for (int8_t c : round.deal().talon) {
    if (c >= 0) {
      talon_known |= Bit(c);
    } else {
      ++talon_hidden;
    }
  }
  Mask taken = 0;
  if (d >= 0 && !round.known(d)) taken = round.TakenGroup() & ~known;
  s.pool_ = (kAllCards & ~known & ~talon_known) | taken;
  s.declarer_only_ = taken;
  s.need_[kTalonPlace] = talon_hidden;
  s.allowed_[kTalonPlace] = kAllCards;
  s.need_[kDiscardPlace] = round.hidden_discards();
  s.allowed_[kDiscardPlace] = kAllCards & ~kKings & ~kTaroks;
  int total = talon_hidden + round.hidden_discards();
  for (int p = 0; p < round.players(); ++p) {
    if (round.known(p)) continue;
    int n = CardsPerHand(round.players()) - std::popcount(round.played(p));
    if (p == d) {
      if (round.talon_group() >= 0) n += TalonTake(round.contract());
      n -= std::popcount(round.discards()) + round.hidden_discards();
    }
    s.need_[p] = n;
    Mask allowed = kAllCards;
    for (int g = 0; g < 5; ++g) {
      if (round.voids(p) & (1 << g)) allowed &= ~GroupMask(g);
    }
    s.allowed_[p] = allowed;
    total += n;
  }
  NarrowByPlay(round, s.allowed_);
  if (total != std::popcount(s.pool_)) {
    return absl::InvalidArgumentError(absl::StrCat("position: the hidden places hold ", total,
                                                   " cards but ", std::popcount(s.pool_),
                                                   " cards are unaccounted for"));
  }
  for (int p = 0; p < round.players(); ++p) {
    if (fixed[p] == 0) continue;
    if (absl::Status st =
            CheckFixedHand(round, fixed, p, s.pool_, s.allowed_[p], s.need_[p], field);
        !st.ok()) {
      return st;
    }
    if (!round.known(p)) s.fixed_[p] = fixed[p];
  }
  s.Finish();
  if (s.Count(0, s.caps_) == 0) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": no layout fits the fixed cards and what the play has shown"));
  }
  return s;
}

namespace {

int Cap(uint32_t caps, int place) { return static_cast<int>((caps >> (5 * place)) & 31); }

// Calls f(split, ways) for every split of n cards over the places in `places` that fits `caps`;
// split[p] cards go to place p, ways = n! / prod(split[p]!).
constexpr int kPlaces = kMaxPlayers + 2;
using Split = std::array<int, kPlaces>;

template <typename F>
void ForEachSplit(int n, uint8_t places, uint32_t caps, F&& f) {
  int list[kPlaces + 1] = {};  // one spare: keeps GCC's bounds check quiet through the recursion
  int count = 0;
  for (int p = 0; p < kPlaces; ++p) {
    if (places & (1 << p)) list[count++] = p;
  }
  Split split{};
  auto rec = [&](auto&& self, int i, int left, double ways) -> void {
    if (i < 0 || i >= count) return;
    if (i == count - 1) {
      if (left > Cap(caps, list[i])) return;
      split[list[i]] = left;
      f(split, ways);
      split[list[i]] = 0;
      return;
    }
    double w = ways;
    for (int a = 0; a <= left && a <= Cap(caps, list[i]); ++a) {
      split[list[i]] = a;
      self(self, i + 1, left - a, w);
      w = w * (left - a) / (a + 1);  // C(left, a+1) from C(left, a)
    }
    split[list[i]] = 0;
  };
  if (count == 0) {
    if (n == 0) f(split, 1.0);
    return;
  }
  rec(rec, 0, n, 1.0);
}

uint32_t Minus(uint32_t caps, const Split& split) {
  for (int p = 0; p < kPlaces; ++p) caps -= static_cast<uint32_t>(split[p]) << (5 * p);
  return caps;
}

}  // namespace

void Sampler::Finish() {
  Mask fixed_all = 0;
  for (Mask f : fixed_) fixed_all |= f;
  std::array<int, kPlaces> need = need_;
  for (int p = 0; p < kMaxPlayers; ++p) need[p] -= std::popcount(fixed_[p]);
  caps_ = 0;
  for (int p = 0; p < kPlaces; ++p) caps_ |= static_cast<uint32_t>(std::max(0, need[p])) << (5 * p);
  const int d = round_->declarer();
  types_.clear();
  for (Mask m = pool_ & ~fixed_all; m != 0; m &= m - 1) {
    const int c = Lowest(m);
    uint8_t places = 0;
    for (int p = 0; p < kPlaces; ++p) {
      if (need[p] <= 0 || !(allowed_[p] & Bit(c))) continue;
      if ((declarer_only_ & Bit(c)) && p != d && p != kDiscardPlace) continue;
      places |= static_cast<uint8_t>(1 << p);
    }
    auto it = std::find_if(types_.begin(), types_.end(),
                           [&](const Type& t) { return t.places == places; });
    if (it == types_.end()) {
      types_.push_back(Type{places, {}});
      it = types_.end() - 1;
    }
    it->cards.push_back(c);
  }
}

double Sampler::Count(size_t type, uint32_t caps) {
  if (type == types_.size()) return caps == 0 ? 1 : 0;
  const uint64_t key = (uint64_t{type} << 32) | caps;
  if (auto it = counts_.find(key); it != counts_.end()) return it->second;
  double total = 0;
  const Type& t = types_[type];
  ForEachSplit(static_cast<int>(t.cards.size()), t.places, caps,
               [&](const Split& split, double ways) {
                 total += ways * Count(type + 1, Minus(caps, split));
               });
  counts_[key] = total;
  return total;
}

bool Sampler::Sample(core::Rng& rng, Layout* out) const {
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::array<Mask, kPlaces> got{};
    uint32_t caps = caps_;
    bool ok = true;
    for (size_t ti = 0; ti < types_.size() && ok; ++ti) {
      const Type& t = types_[ti];
      auto left = [&](uint32_t c) {
        auto it = counts_.find((uint64_t{ti + 1} << 32) | c);
        return ti + 1 == types_.size() ? (c == 0 ? 1.0 : 0.0)
                                       : (it == counts_.end() ? 0.0 : it->second);
      };
      double total = 0;
      ForEachSplit(
          static_cast<int>(t.cards.size()), t.places, caps,
          [&](const Split& split, double ways) { total += ways * left(Minus(caps, split)); });
      if (total <= 0) {
        ok = false;
        break;
      }
      double pick = rng.Uniform() * total;
      Split chosen{};
      bool found = false;
      ForEachSplit(static_cast<int>(t.cards.size()), t.places, caps,
                   [&](const Split& split, double ways) {
                     const double w = ways * left(Minus(caps, split));
                     if (found || w <= 0) return;
                     chosen = split;
                     if (pick < w) {
                       found = true;
                     } else {
                       pick -= w;
                     }
                   });
      std::vector<int> cards = t.cards;
      rng.Shuffle(cards.begin(), cards.end());
      size_t k = 0;
      for (int p = 0; p < kPlaces; ++p) {
        for (int i = 0; i < chosen[p]; ++i) got[p] |= Bit(cards[k++]);
      }
      caps = Minus(caps, chosen);
    }
    if (!ok) return false;
    for (int p = 0; p < kMaxPlayers; ++p) out->hands[p] = got[p] | fixed_[p];
    out->talon = round_->deal().talon;
    Mask hidden_talon = got[kTalonPlace];
    for (int8_t& c : out->talon) {
      if (c < 0) {
        c = static_cast<int8_t>(Lowest(hidden_talon));
        hidden_talon &= hidden_talon - 1;
      }
    }
    out->discards = got[kDiscardPlace];
    if (Consistent(*out)) return true;
  }
  return false;
}

bool Sampler::Consistent(const Layout& layout) const {
  // Every card a hidden player played must have been legal with the hand the layout gives him
  // (this carries every inference: voids, no taroks, not beating in klop and the beggars).
  if (round_->phase() != Phase::kPlay && round_->phase() != Phase::kDone) return true;
  PlayState s = round_->play_start();
  for (int p = 0; p < round_->players(); ++p) {
    if (!round_->known(p)) s.SetHand(p, layout.hands[p] | round_->played(p));
  }
  for (int8_t c : round_->cards_played()) {
    if (!round_->known(s.ToMove()) && !(s.Legal() & Bit(c))) return false;
    s.Play(c);
  }
  return true;
}

PlayState Sampler::Complete(const Layout& layout) const {
  PlayState s = round_->play();
  for (int p = 0; p < round_->players(); ++p) {
    if (!round_->known(p)) s.SetHand(p, layout.hands[p]);
  }
  s.ResolvePartner();
  if (round_->declarer() >= 0) s.AddToPile(round_->declarer(), layout.discards);
  if (round_->contract() == Contract::kKlop) {
    for (int i = 0; i < 6; ++i) {
      if (round_->deal().talon[i] < 0) s.SetKlopTalon(i, layout.talon[i]);
    }
  }
  return s;
}

Mask Candidates(const Round& round, int player) {
  if (round.known(player)) return round.hand(player);
  absl::StatusOr<Sampler> s = Sampler::Make(round, {}, "position");
  if (!s.ok()) return 0;
  Mask m = s->unseen() & s->allowed(player);
  if (player != round.declarer()) m &= ~(round.TakenGroup());
  return m;
}

}  // namespace kibitzer::tarok
