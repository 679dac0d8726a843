// Move generation and ordering of the double-dummy solver, after the card weights of DDS 2.9
// (the ideas are in Haglund and Hein, "Search Algorithms for a Bridge Double Dummy Solver",
// chapter 5). What a lead's weight needs that does not depend on the card is worked out once per
// suit; the later cards of a trick are weighed in dd_follow_weights.cc.
#include <bit>

#include "engine/games/bridge/dd/dd_bits.h"
#include "engine/games/bridge/dd/dd_follow_weights.h"
#include "engine/games/bridge/dd/dd_solver.h"

namespace kibitzer::bridge {

using dd::Above;
using dd::Below;
using dd::Bit;
using dd::Bottom;
using dd::Lane;
using dd::Top;

namespace {

// Lead weights after DDS 2.9 (its WeightAllocTrump0 / WeightAllocNT0 rules, our formulation):
// what one suit's leads share, worked out once.
struct LeadContext {
  int delta = 0;            // the suit's weight
  bool trump_game = false;  // trumps are still out
  bool side_suit = false;
  int lho_len = 0, rho_len = 0, partner_len = 0;
  int winner = -1, second = -1;  // the suit's two highest live cards
  int winner_hand = -1, second_hand = -1, third_hand = -1;
  bool partner_tops_opponents = false;  // partner's best card beats both opponents'
  bool ruff_win = false;  // (trump game, side suit) partner ruffs and wins when the lead loses
  bool can_ruff_lho = true, can_ruff_rho = true;  // partner's ruff stands against each opponent
  bool opp_follow_or_no_trump = true;             // neither opponent can ruff the suit
  uint64_t live = 0;
};

int HolderOf(const uint64_t* hands, int card) {
  for (int h = 0; h < 4; ++h) {
    if ((hands[h] & Bit(card)) != 0) return h;
  }
  return -1;
}

LeadContext MakeLeadContext(const uint64_t* hands, int trump, int seat, int s) {
  LeadContext k;
  const int partner = Partner(seat), lho = NextSeat(seat), rho = (seat + 3) & 3;
  const uint64_t lane = Lane(s);
  const uint64_t all = hands[0] | hands[1] | hands[2] | hands[3];
  k.live = all & lane;
  k.trump_game = trump != kNoTrump && (all & Lane(trump)) != 0;
  k.side_suit = k.trump_game && s != trump;
  k.lho_len = std::popcount(hands[lho] & lane);
  k.rho_len = std::popcount(hands[rho] & lane);
  k.partner_len = std::popcount(hands[partner] & lane);
  const int own_len = std::popcount(hands[seat] & lane);
  const int tricks = std::popcount(hands[seat]);
  const int count_lh = (k.lho_len == 0 ? tricks : k.lho_len) * 4;
  const int count_rh = (k.rho_len == 0 ? tricks : k.rho_len) * 4;
  uint64_t rest = k.live;
  k.winner = Top(rest);
  k.winner_hand = HolderOf(hands, k.winner);
  rest &= ~Bit(k.winner);
  if (rest != 0) {
    k.second = Top(rest);
    k.second_hand = HolderOf(hands, k.second);
    rest &= ~Bit(k.second);
    if (rest != 0) k.third_hand = HolderOf(hands, Top(rest));
  }
  const uint64_t p = hands[partner] & lane;
  const uint64_t o = (hands[lho] | hands[rho]) & lane;
  k.partner_tops_opponents = p > o;  // masks of one lane compare as their highest cards
  auto trumps = [&](int h) { return k.trump_game ? hands[h] & Lane(trump) : uint64_t{0}; };
  const bool lho_ruffs = k.side_suit && k.lho_len == 0 && trumps(lho) != 0;
  const bool rho_ruffs = k.side_suit && k.rho_len == 0 && trumps(rho) != 0;
  k.opp_follow_or_no_trump = !lho_ruffs && !rho_ruffs;
  if (!k.trump_game) {
    int d = -((count_lh + count_rh) * 32) / 19;
    if (k.partner_len == 0) d -= 9;
    k.delta = d;
    return k;
  }
  int bonus = 0;
  if (lho_ruffs || rho_ruffs) bonus = -12;
  if (k.side_suit && k.partner_len == 0 && trumps(partner) != 0 && k.rho_len > 0) bonus += 17;
  if (k.winner_hand == rho || k.second_hand == rho) {
    if (k.rho_len != 1) bonus -= 12;
  } else if (k.winner_hand == lho && k.second_hand == partner) {
    if (k.partner_len != 1) bonus += 27;
  }
  if (k.side_suit && own_len == 1 && trumps(seat) != 0 && k.partner_len > 1 &&
      k.winner_hand == partner) {
    bonus += 19;
  }
  k.delta = bonus - ((count_lh + count_rh) * 32) / 13;
  if (k.side_suit) {
    const uint64_t pt = trumps(partner);
    const bool partner_ruffs = k.partner_len == 0 && pt != 0;
    // With partner ruffing: it must beat the trumps of a void opponent.
    k.can_ruff_lho = k.lho_len != 0 || (partner_ruffs ? pt > trumps(lho) : trumps(lho) == 0);
    k.can_ruff_rho = k.rho_len != 0 || (partner_ruffs ? pt > trumps(rho) : trumps(rho) == 0);
    k.ruff_win =
        partner_ruffs && (!lho_ruffs || pt > trumps(lho)) && (!rho_ruffs || pt > trumps(rho));
  }
  return k;
}

// A losing lead's bonus when the side will hold the best card on the next round of the suit:
// `both` when partner holds the second and third best cards, `split` when the leader and a
// partner with more than one card hold them between them.
int NextRoundBonus(const LeadContext& k, int seat, int both, int split) {
  const int partner = Partner(seat);
  if (k.second_hand == partner && k.third_hand == partner) return both;
  if (k.partner_len > 1 && ((k.second_hand == seat && k.third_hand == partner) ||
                            (k.second_hand == partner && k.third_hand == seat))) {
    return split;
  }
  return 0;
}

// Takes from `cards` (one suit's) its highest group of equivalent cards: the highest card left and
// the cards below it down to the next card of another hand (`others`).
uint64_t TakeGroup(uint64_t& cards, uint64_t others, int s) {
  const int top = Top(cards);
  const uint64_t others_below = others & Below(top);
  const uint64_t floor = others_below != 0 ? Above(Top(others_below)) : Lane(s);
  const uint64_t group = cards & floor;
  cards &= ~group;
  return group;
}

int LeadWeight(const LeadContext& k, int seat, int card, uint64_t group, bool killer, bool hint) {
  const int partner = Partner(seat), lho = NextSeat(seat), rho = (seat + 3) & 3;
  const int rel = std::popcount(k.live & ~((Bit(card) << 1) - 1)) + 1;  // 1: the highest
  const bool sequence = std::popcount(group) >= 2;
  const bool singleton_top =
      (k.lho_len == 1 && k.winner_hand == lho) || (k.rho_len == 1 && k.winner_hand == rho);
  int d = k.delta;
  if (!k.trump_game) {
    if (card == k.winner || k.partner_tops_opponents) {
      if (k.second_hand == rho) {
        if (k.rho_len != 1) d -= 1;
      } else if (k.second_hand == lho) {
        d += k.lho_len != 1 ? 22 : 16;
      }
      int w = ((k.second_hand != lho || k.lho_len == 1) && (k.second_hand != rho || k.rho_len == 1))
                  ? d + 45 + rel
                  : d + 18 + rel;
      if (killer) {
        w += 126;
      } else if (hint) {
        w += 32;
      }
      return w;
    }
    if (k.winner_hand == rho || k.second_hand == rho) {
      if (k.rho_len != 1) d -= 10;
    } else if (k.winner_hand == lho && k.second_hand == partner) {
      if (k.partner_len != 1) d += 31;
    }
    d += NextRoundBonus(k, seat, 35, 25);
    int w;
    if (singleton_top) {
      w = d + 28 + rel;
    } else if (k.winner_hand == seat) {
      w = d - 17 + rel;
    } else if (!sequence) {
      w = d + 12 + rel;
    } else if (card == k.second) {
      w = d + 48;
    } else {
      w = d + 29 - rel;
    }
    if (killer) {
      w += 47;
    } else if (hint) {
      w += 19;
    }
    return w;
  }
  bool win = false;
  if (card == k.winner) {
    win = k.side_suit ? k.can_ruff_lho && k.can_ruff_rho : true;
  } else if (k.partner_tops_opponents) {
    win = k.side_suit ? k.opp_follow_or_no_trump : true;
  } else if (k.side_suit) {
    win = k.ruff_win;
  }
  if (win) {
    int w;
    if (singleton_top) {
      w = d + 35 + rel;
    } else if (k.winner_hand == seat) {
      w = k.second_hand == partner ? d + 48 + rel : card == k.winner ? d + 31 : d - 3 + rel;
    } else if (k.winner_hand == partner) {
      w = k.second_hand == seat ? d + 42 + rel : d + 28 + rel;
    } else if (sequence && card == k.second) {
      w = d + 40;
    } else if (sequence) {
      w = d + 22 + rel;
    } else {
      w = d + 11 + rel;
    }
    if (killer) {
      w += 55;
    } else if (hint) {
      w += 18;
    }
    return w;
  }
  d += NextRoundBonus(k, seat, 20, 13);
  int w;
  if (singleton_top) {
    w = d + rel + 2;
  } else if (k.winner_hand == seat) {
    w = k.second_hand == partner ? d + 33 + rel : card == k.winner ? d + 38 : d - 14 + rel;
  } else if (k.winner_hand == partner) {
    w = d + 34 + rel;
  } else if (sequence && card == k.second) {
    w = d + 35;
  } else {
    w = d + 17 - RankOf(card);
  }
  if (killer) w += 18;
  return w;
}

}  // namespace

int DoubleDummySolver::GenerateMoves(int seat, Move* moves, int hint, int killer) const {
  const uint64_t hand = hands_[seat];
  uint64_t legal = hand;
  uint64_t others = (hands_[0] | hands_[1] | hands_[2] | hands_[3]) & ~hand;
  if (table_count_ > 0) {
    const uint64_t in_led = hand & Lane(SuitOf(table_cards_[0]));
    if (in_led != 0) legal = in_led;
    for (int i = 0; i < table_count_; ++i) others |= Bit(table_cards_[i]);
  }
  // One group of equivalent cards (often a forced card): nothing to order.
  const int high = Top(legal), low = Bottom(legal);
  if ((legal & ~Lane(SuitOf(high))) == 0 && (others & Below(high) & Above(low)) == 0) {
    moves[0] = Move{high, 0, legal};
    return 1;
  }
  int n = 0;
  if (table_count_ == 0) {
    for (int s = 0; s < 4; ++s) {
      uint64_t cards = legal & Lane(s);
      if (cards == 0) continue;
      const LeadContext lead = MakeLeadContext(hands_, trump_, seat, s);
      while (cards != 0) {
        const uint64_t group = TakeGroup(cards, others, s);
        const int top = Top(group);
        const int weight =
            LeadWeight(lead, seat, top, group, killer > 0 && (group & Bit(killer)) != 0,
                       hint >= 0 && (group & Bit(hint)) != 0);
        moves[n++] = Move{top, weight, group};
      }
    }
  } else {
    for (int s = 0; s < 4; ++s) {
      for (uint64_t cards = legal & Lane(s); cards != 0;) {
        const uint64_t group = TakeGroup(cards, others, s);
        moves[n++] = Move{Top(group), 0, group};
      }
    }
    const dd::TrickInProgress trick{hands_, trump_, leader_, table_cards_, table_count_};
    dd::FollowWeights(trick, moves, n);
  }
  // Insertion sort, highest weight first; stable, so ties keep suit and rank order.
  for (int i = 1; i < n; ++i) {
    const Move m = moves[i];
    int j = i;
    while (j > 0 && moves[j - 1].weight < m.weight) {
      moves[j] = moves[j - 1];
      --j;
    }
    moves[j] = m;
  }
  return n;
}

int DoubleDummySolver::FourthHandFollows(int seat, int high, Move* moves) const {
  // The fourth hand's weights when it follows suit (dd_follow_weights.cc, FourthWeight): when
  // its partner wins the trick or it was ruffed, every card -rank; else the cards that beat the
  // winner 30 - rank and the others -rank. So: the winning groups from the lowest up, then the
  // others from the lowest up, as sorting by those weights would give. (GenerateMoves's group of
  // one is the same here.)
  const uint64_t hand = hands_[seat];
  const uint64_t legal = hand & Lane(SuitOf(table_cards_[0]));
  const uint64_t others = ((hands_[0] | hands_[1] | hands_[2] | hands_[3]) & ~hand) |
                          Bit(table_cards_[0]) | Bit(table_cards_[1]) | Bit(table_cards_[2]);
  const int winning = table_cards_[high];
  // Cards that beat `winning` take the trick (none when partner wins it or it was ruffed).
  const bool contest = high != 1 && SuitOf(winning) == SuitOf(table_cards_[0]);
  // The groups come highest first: the moves take each kind from the lowest up.
  Move low[13], up[13];
  int n_low = 0, n_up = 0;
  for (uint64_t cards = legal; cards != 0;) {
    const uint64_t group = TakeGroup(cards, others, SuitOf(table_cards_[0]));
    const int top = Top(group);
    if (contest && RankOf(top) > RankOf(winning)) {
      up[n_up++] = Move{top, 30 - RankOf(top), group};
    } else {
      low[n_low++] = Move{top, -RankOf(top), group};
    }
  }
  int n = 0;
  while (n_up > 0) moves[n++] = up[--n_up];
  while (n_low > 0) moves[n++] = low[--n_low];
  return n;
}

}  // namespace kibitzer::bridge
