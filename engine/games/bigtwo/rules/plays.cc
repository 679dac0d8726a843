#include "engine/games/bigtwo/rules/plays.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace kibitzer::bigtwo {
namespace {

// A place for a straight: its five ranks (13-bit mask) and the rank of the card it is compared by
// (its last card as written).
struct Place {
  uint16_t ranks;
  int8_t key_rank;
};

constexpr uint16_t RunOf(int low) { return static_cast<uint16_t>(0x1F << low); }

// Taiwan, lowest first: A-2-3-4-5, 3-4-5-6-7 .. 10-J-Q-K-A, 2-3-4-5-6. Place index = strength.
constexpr Place kTaiwanPlaces[10] = {
    {static_cast<uint16_t>((1 << 11) | (1 << 12) | 0x7), 2},
    {RunOf(0), 4},
    {RunOf(1), 5},
    {RunOf(2), 6},
    {RunOf(3), 7},
    {RunOf(4), 8},
    {RunOf(5), 9},
    {RunOf(6), 10},
    {RunOf(7), 11},
    {static_cast<uint16_t>((1 << 12) | 0xF), 3},
};

// First and one-past-last place index allowed by the rules.
int FirstPlace(const Rules& r) { return r.straights == Straights::kTaiwan ? 0 : 1; }
int EndPlace(const Rules& r) { return r.straights == Straights::kTaiwan ? 10 : 9; }

uint16_t RanksOf(Mask cards) {
  uint16_t ranks = 0;
  for (int r = 0; r < kRanks; ++r) {
    if (cards & RankMask(r)) ranks |= static_cast<uint16_t>(1 << r);
  }
  return ranks;
}

bool OneSuit(Mask cards) {
  constexpr Mask kSuit0 = 0x1111111111111ULL;
  for (int s = 0; s < 4; ++s) {
    if ((cards & ~(kSuit0 << s)) == 0) return true;
  }
  return false;
}

int HighestCard(Mask cards) { return 63 - __builtin_clzll(cards); }

bool IsMonster(Kind k) { return k == Kind::kFourOfAKind || k == Kind::kStraightFlush; }
bool IsFiveCard(Kind k) { return k >= Kind::kStraight && k <= Kind::kStraightFlush; }

// Key of a straight of place p made of `cards`: place, then the suit of its key card.
uint16_t StraightKey(int place, Mask cards) {
  const int key_rank = kTaiwanPlaces[place].key_rank;
  const int card = __builtin_ctzll(cards & RankMask(key_rank));
  return static_cast<uint16_t>(place * 4 + SuitOf(card));
}

class Generator {
 public:
  Generator(Mask hand, const Move& table, Mask must, const Rules& rules, Move* out)
      : hand_(hand), table_(table), must_(must), rules_(rules), out_(out) {}

  int Run(bool may_pass) {
    const bool lead = table_.IsPass();
    const Kind t = table_.kind;
    // A follow is the table's kind, or (taiwan) a monster, or (pagat) any five-card hand over one.
    auto wants = [&](Kind k) {
      if (lead || k == t) return true;
      if (rules_.monsters && IsMonster(k)) return true;
      if (k == Kind::kDragon) return rules_.dragon;
      return !rules_.monsters && IsFiveCard(t) && IsFiveCard(k);
    };
    if (wants(Kind::kSingle)) Singles();
    if (wants(Kind::kPair)) Groups(2, Kind::kPair);
    if (rules_.triples && wants(Kind::kTriple)) Groups(3, Kind::kTriple);
    if (wants(Kind::kStraight) || wants(Kind::kStraightFlush)) Straights();
    if (rules_.flushes && wants(Kind::kFlush)) Flushes();
    if (wants(Kind::kFullHouse)) FullHouses();
    if (wants(Kind::kFourOfAKind)) Fours();
    if (rules_.dragon && wants(Kind::kDragon)) Dragon();
    if (may_pass) out_[n_++] = Move{};
    return n_;
  }

 private:
  void Emit(Mask cards, Kind kind, int key) {
    if (must_ != 0 && (cards & must_) == 0) return;
    const Move p{cards, static_cast<uint16_t>(key), kind};
    if (!table_.IsPass() && !Beats(p, table_, rules_)) return;
    out_[n_++] = p;
  }

  void Singles() {
    for (Mask m = hand_; m != 0; m &= m - 1) {
      const int c = __builtin_ctzll(m);
      Emit(Bit(c), Kind::kSingle, c);
    }
  }

  // Every `size`-subset of each rank (pairs keyed by their higher card, triples by rank).
  void Groups(int size, Kind kind) {
    for (int r = 0; r < kRanks; ++r) {
      const Mask cards = hand_ & RankMask(r);
      if (__builtin_popcountll(cards) < size) continue;
      ForSubsets(cards, size,
                 [&](Mask s) { Emit(s, kind, kind == Kind::kPair ? HighestCard(s) : r); });
    }
  }

  void Straights() {
    for (int p = FirstPlace(rules_); p < EndPlace(rules_); ++p) {
      const uint16_t ranks = kTaiwanPlaces[p].ranks;
      Mask per_rank[5];
      int k = 0;
      bool ok = true;
      for (int r = 0; r < kRanks && ok; ++r) {
        if (!(ranks >> r & 1)) continue;
        per_rank[k] = hand_ & RankMask(r);
        ok = per_rank[k++] != 0;
      }
      if (!ok) continue;
      // One card of each rank: every combination.
      for (Mask a = per_rank[0]; a; a &= a - 1)
        for (Mask b = per_rank[1]; b; b &= b - 1)
          for (Mask c = per_rank[2]; c; c &= c - 1)
            for (Mask d = per_rank[3]; d; d &= d - 1)
              for (Mask e = per_rank[4]; e; e &= e - 1) {
                const Mask cards = (a & -a) | (b & -b) | (c & -c) | (d & -d) | (e & -e);
                const Kind kind = OneSuit(cards) ? Kind::kStraightFlush : Kind::kStraight;
                Emit(cards, kind, StraightKey(p, cards));
              }
    }
  }

  void Flushes() {
    constexpr Mask kSuit0 = 0x1111111111111ULL;
    for (int s = 0; s < 4; ++s) {
      const Mask suit = hand_ & (kSuit0 << s);
      if (__builtin_popcountll(suit) < 5) continue;
      ForSubsets(suit, 5, [&](Mask f) {
        if (IsStraightRanks(RanksOf(f))) return;  // a straight flush, made by Straights()
        Emit(f, Kind::kFlush, HighestCard(f));
      });
    }
  }

  void FullHouses() {
    for (int t = 0; t < kRanks; ++t) {
      const Mask three = hand_ & RankMask(t);
      if (__builtin_popcountll(three) < 3) continue;
      ForSubsets(three, 3, [&](Mask tr) {
        for (int p = 0; p < kRanks; ++p) {
          const Mask two = hand_ & RankMask(p);
          if (p == t || __builtin_popcountll(two) < 2) continue;
          ForSubsets(two, 2, [&](Mask pr) { Emit(tr | pr, Kind::kFullHouse, t); });
        }
      });
    }
  }

  void Fours() {
    for (int r = 0; r < kRanks; ++r) {
      const Mask four = hand_ & RankMask(r);
      if (four != RankMask(r)) continue;
      for (Mask m = hand_ & ~four; m; m &= m - 1) Emit(four | (m & -m), Kind::kFourOfAKind, r);
    }
  }

  void Dragon() {
    if (__builtin_popcountll(hand_) == kHandSize && RanksOf(hand_) == 0x1FFF) {
      Emit(hand_, Kind::kDragon, 0);
    }
  }

  bool IsStraightRanks(uint16_t ranks) const {
    for (int p = FirstPlace(rules_); p < EndPlace(rules_); ++p) {
      if (kTaiwanPlaces[p].ranks == ranks) return true;
    }
    return false;
  }

  // Calls f for every k-subset of `set`, in increasing order of the subset's mask.
  template <typename F>
  static void ForSubsets(Mask set, int k, F&& f) {
    int idx[13];
    int n = 0;
    for (Mask m = set; m; m &= m - 1) idx[n++] = __builtin_ctzll(m);
    if (k > n) return;
    // Combinations as bit patterns over n positions, in increasing order (Gosper's hack).
    for (uint32_t c = (1u << k) - 1; c < (1u << n);) {
      Mask s = 0;
      for (uint32_t b = c; b; b &= b - 1) s |= Bit(idx[__builtin_ctz(b)]);
      f(s);
      const uint32_t low = c & -c;
      const uint32_t ripple = c + low;
      c = (((ripple ^ c) >> 2) / low) | ripple;
    }
  }

  Mask hand_;
  const Move& table_;
  Mask must_;
  const Rules& rules_;
  Move* out_;
  int n_ = 0;
};

}  // namespace

const char* KindName(Kind kind) {
  switch (kind) {
    case Kind::kPass:
      return "pass";
    case Kind::kSingle:
      return "single";
    case Kind::kPair:
      return "pair";
    case Kind::kTriple:
      return "three of a kind";
    case Kind::kStraight:
      return "straight";
    case Kind::kFlush:
      return "flush";
    case Kind::kFullHouse:
      return "full house";
    case Kind::kFourOfAKind:
      return "four of a kind";
    case Kind::kStraightFlush:
      return "straight flush";
    case Kind::kDragon:
      return "dragon";
  }
  return "?";
}

Move Classify(Mask cards, const Rules& rules) {
  Move p{cards, 0, Kind::kPass};
  const int n = __builtin_popcountll(cards);
  const uint16_t ranks = RanksOf(cards);
  const int distinct = __builtin_popcount(ranks);
  auto make = [&](Kind k, int key) {
    p.kind = k;
    p.key = static_cast<uint16_t>(key);
    return p;
  };
  if (n == 1) return make(Kind::kSingle, HighestCard(cards));
  if (n == 2 && distinct == 1) return make(Kind::kPair, HighestCard(cards));
  if (n == 3 && distinct == 1 && rules.triples)
    return make(Kind::kTriple, RankOf(HighestCard(cards)));
  if (n == kHandSize && distinct == kRanks && rules.dragon) return make(Kind::kDragon, 0);
  if (n != 5) return p;
  if (distinct == 5) {
    for (int pl = FirstPlace(rules); pl < EndPlace(rules); ++pl) {
      if (kTaiwanPlaces[pl].ranks != ranks) continue;
      return make(OneSuit(cards) ? Kind::kStraightFlush : Kind::kStraight, StraightKey(pl, cards));
    }
    if (rules.flushes && OneSuit(cards)) return make(Kind::kFlush, HighestCard(cards));
    return p;
  }
  if (distinct == 2) {
    for (int r = 0; r < kRanks; ++r) {
      const int c = __builtin_popcountll(cards & RankMask(r));
      if (c == 3) return make(Kind::kFullHouse, r);
      if (c == 4) return make(Kind::kFourOfAKind, r);
    }
  }
  return p;
}

bool Beats(const Move& play, const Move& table, const Rules& rules) {
  if (play.IsPass()) return false;
  if (table.IsPass()) return true;
  if (play.kind == Kind::kDragon) return true;
  if (table.kind == Kind::kDragon) return false;
  if (rules.monsters) {
    const bool pm = IsMonster(play.kind), tm = IsMonster(table.kind);
    if (pm && !tm) return true;
    if (tm && !pm) return false;
    if (pm && tm && play.kind != table.kind) return play.kind > table.kind;
    return play.kind == table.kind && play.key > table.key;
  }
  if (IsFiveCard(play.kind) && IsFiveCard(table.kind)) {
    if (play.kind != table.kind) return play.kind > table.kind;
    return play.key > table.key;
  }
  return play.kind == table.kind && play.key > table.key;
}

int GeneratePlays(Mask hand, const Move& table, Mask must_include, bool may_pass,
                  const Rules& rules, Move* out) {
  return Generator(hand, table, must_include, rules, out).Run(may_pass);
}

bool PlayLess(const Move& a, const Move& b) {
  if (a.IsPass() != b.IsPass()) return b.IsPass();
  if (a.kind != b.kind) return a.kind < b.kind;
  if (a.key != b.key) return a.key < b.key;
  return a.cards < b.cards;
}

int StraightRankSets(const Rules& rules, uint16_t* out) {
  int n = 0;
  for (int p = FirstPlace(rules); p < EndPlace(rules); ++p) out[n++] = kTaiwanPlaces[p].ranks;
  return n;
}

std::string FormatPlay(const Move& play, Variant v) {
  return play.IsPass() ? "pass" : FormatCards(play.cards, v);
}

}  // namespace kibitzer::bigtwo
