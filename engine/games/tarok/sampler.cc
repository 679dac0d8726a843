#include "engine/games/tarok/sampler.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "engine/core/fixed_cards.h"

namespace kibitzer::tarok {

absl::StatusOr<std::array<Mask, kPlayers>> ParseFixedCards(const std::vector<std::string>& fixed,
                                                           const std::string& field) {
  absl::StatusOr<std::vector<core::FixedCards>> entries =
      core::ParseFixedCards(fixed, {SeatName(0), SeatName(1), SeatName(2)}, field, "2:XXI,KH");
  if (!entries.ok()) return entries.status();
  std::array<Mask, kPlayers> out{};
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
  for (int p = 0; p < kPlayers; ++p) {
    known |= round.played(p);
    if (round.known(p)) known |= round.hand(p);
  }
  return known;
}

// Each card a hidden player played shows the cards he did not hold then: any card that, held
// beside it, would have made it illegal. (Legality is decided card against card: follow suit,
// tarok when void, beat when able, pagat last or forced.)
void NarrowByPlay(const Round& round, std::array<Mask, 5>& allowed) {
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
absl::Status CheckFixedHand(const Round& round, const std::array<Mask, kPlayers>& fixed, int p,
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
  for (int q = 0; q < kPlayers; ++q) {
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

absl::StatusOr<Sampler> Sampler::Make(const Round& round, const std::array<Mask, kPlayers>& fixed,
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
  s.need_[3] = talon_hidden;
  s.allowed_[3] = kAllCards;
  s.need_[4] = round.hidden_discards();
  s.allowed_[4] = kAllCards & ~kKings & ~kTaroks;
  int total = talon_hidden + round.hidden_discards();
  for (int p = 0; p < kPlayers; ++p) {
    if (round.known(p)) continue;
    int n = 16 - std::popcount(round.played(p));
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
  for (int p = 0; p < kPlayers; ++p) {
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
template <typename F>
void ForEachSplit(int n, uint8_t places, uint32_t caps, F&& f) {
  int list[6] = {};  // one spare: keeps GCC's bounds check quiet through the recursion
  int count = 0;
  for (int p = 0; p < 5; ++p) {
    if (places & (1 << p)) list[count++] = p;
  }
  std::array<int, 5> split{};
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

uint32_t Minus(uint32_t caps, const std::array<int, 5>& split) {
  for (int p = 0; p < 5; ++p) caps -= static_cast<uint32_t>(split[p]) << (5 * p);
  return caps;
}

}  // namespace

void Sampler::Finish() {
  Mask fixed_all = 0;
  for (Mask f : fixed_) fixed_all |= f;
  std::array<int, 5> need = need_;
  for (int p = 0; p < kPlayers; ++p) need[p] -= std::popcount(fixed_[p]);
  caps_ = 0;
  for (int p = 0; p < 5; ++p) caps_ |= static_cast<uint32_t>(std::max(0, need[p])) << (5 * p);
  const int d = round_->declarer();
  types_.clear();
  for (Mask m = pool_ & ~fixed_all; m != 0; m &= m - 1) {
    const int c = Lowest(m);
    uint8_t places = 0;
    for (int p = 0; p < 5; ++p) {
      if (need[p] <= 0 || !(allowed_[p] & Bit(c))) continue;
      if ((declarer_only_ & Bit(c)) && p != d && p != 4) continue;
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
               [&](const std::array<int, 5>& split, double ways) {
                 total += ways * Count(type + 1, Minus(caps, split));
               });
  counts_[key] = total;
  return total;
}

bool Sampler::Sample(core::Rng& rng, Layout* out) const {
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::array<Mask, 5> got{};
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
      ForEachSplit(static_cast<int>(t.cards.size()), t.places, caps,
                   [&](const std::array<int, 5>& split, double ways) {
                     total += ways * left(Minus(caps, split));
                   });
      if (total <= 0) {
        ok = false;
        break;
      }
      double pick = rng.Uniform() * total;
      std::array<int, 5> chosen{};
      bool found = false;
      ForEachSplit(static_cast<int>(t.cards.size()), t.places, caps,
                   [&](const std::array<int, 5>& split, double ways) {
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
      for (int p = 0; p < 5; ++p) {
        for (int i = 0; i < chosen[p]; ++i) got[p] |= Bit(cards[k++]);
      }
      caps = Minus(caps, chosen);
    }
    if (!ok) return false;
    for (int p = 0; p < kPlayers; ++p) out->hands[p] = got[p] | fixed_[p];
    out->talon = round_->deal().talon;
    Mask hidden_talon = got[3];
    for (int8_t& c : out->talon) {
      if (c < 0) {
        c = static_cast<int8_t>(Lowest(hidden_talon));
        hidden_talon &= hidden_talon - 1;
      }
    }
    out->discards = got[4];
    if (Consistent(*out)) return true;
  }
  return false;
}

bool Sampler::Consistent(const Layout& layout) const {
  // Every card a hidden player played must have been legal with the hand the layout gives him
  // (this carries every inference: voids, no taroks, not beating in klop and the beggars).
  if (round_->phase() != Phase::kPlay && round_->phase() != Phase::kDone) return true;
  PlayState s = round_->play_start();
  for (int p = 0; p < kPlayers; ++p) {
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
  for (int p = 0; p < kPlayers; ++p) {
    if (!round_->known(p)) s.SetHand(p, layout.hands[p]);
  }
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
