// Big Two plays: what a set of cards is as a combination, which play beats which, and the
// generation of every legal play of a hand against the play on the table.
//
// A Move (a play or the pass) carries its cards, its kind and a key that orders plays of one kind
// (higher beats lower). Generation writes into a caller's fixed array and never allocates; plays
// come out in a fixed order (kind by kind), the pass last; PlayLess is the canonical order for
// display.
#pragma once

#include <cstdint>
#include <string>

#include "engine/games/bigtwo/rules/cards.h"

namespace kibitzer::bigtwo {

enum class Kind : uint8_t {
  kPass,
  kSingle,
  kPair,
  kTriple,
  kStraight,
  kFlush,
  kFullHouse,
  kFourOfAKind,
  kStraightFlush,
  kDragon,
};

const char* KindName(Kind kind);

struct Move {
  Mask cards = 0;
  uint16_t key = 0;
  Kind kind = Kind::kPass;

  bool IsPass() const { return kind == Kind::kPass; }
  int size() const { return __builtin_popcountll(cards); }
  bool operator==(const Move& o) const { return cards == o.cards; }
};

// Upper bound on the plays of one hand: 13 singles, 78 pairs, 286 triples, 1287 five-card sets
// and a pass.
inline constexpr int kMaxMoves = 1680;

// What `cards` are as one play under `rules`, or nothing (kind kPass with nonzero cards means
// "not a combination"). The empty set is the pass.
Move Classify(Mask cards, const Rules& rules);
inline bool IsCombination(const Move& p) { return p.kind != Kind::kPass || p.cards == 0; }

// True when `play` may be played on `table` (table.IsPass(): a lead, anything goes).
bool Beats(const Move& play, const Move& table, const Rules& rules);

// Every play of `hand` that beats `table`, in canonical order, plus the pass when `may_pass`.
// `must_include` (0 or one card): on the game's first lead every play holds that card.
int GeneratePlays(Mask hand, const Move& table, Mask must_include, bool may_pass,
                  const Rules& rules, Move* out);

// Canonical order of two plays: kind, key, then cards (lower first); pass after every play.
bool PlayLess(const Move& a, const Move& b);

std::string FormatPlay(const Move& play, Variant v);

// The five ranks (a 13-bit mask) of each straight the rules allow, lowest first; returns how many
// (at most 10).
int StraightRankSets(const Rules& rules, uint16_t* out);

}  // namespace kibitzer::bigtwo
